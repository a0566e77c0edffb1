import type { FormErrors, UseFormReturnType } from '@mantine/form';
import type { CampaignDraft } from '../../editor/campaign-draft.ts';

export type EditorForm = UseFormReturnType<CampaignDraft, CampaignDraft, (values: CampaignDraft) => FormErrors>;

export type SectionProps = {
  form: EditorForm;
  /** Set once the campaign is saved: uploads need an id to store the file under. */
  campaignId: number | null;
  /** The organisation's base currency, in which the goal is typed. */
  baseCurrency: string;
};

export const SECTIONS = [
  { value: 'details', label: 'Details' },
  { value: 'amounts', label: 'Amounts' },
  { value: 'questions', label: 'Questions' },
  { value: 'designations', label: 'Designations' },
  { value: 'design', label: 'Form design' },
  { value: 'thank-you', label: 'Thank-you' },
  { value: 'embed', label: 'Embed' },
] as const;
export type SectionValue = (typeof SECTIONS)[number]['value'];

/** Which section shows the field at `path`, so a save that fails can open it. */
export function sectionOf(path: string): SectionValue {
  const head = path.split('.')[0] ?? '';
  if (head === 'amounts') return 'amounts';
  // faults15: the campaign maximum sits with the amounts
  if (head === 'max_amount') return 'amounts';
  if (head === 'questions') return 'questions';
  if (head === 'designations' || head === 'designation_label') return 'designations';
  if (head === 'campaign_settings' || head === 'custom_css') return 'design';
  if (head === 'thank_you_message' || head === 'thank_you_url') return 'thank-you';
  return 'details';
}

/** Up/down moves within one list, kept apart from drag and drop so a keyboard can do it. */
export const canMove = (index: number, length: number, by: -1 | 1) => index + by >= 0 && index + by < length;
