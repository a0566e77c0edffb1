import { Button } from '@mantine/core';
import { SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { SystemScreen } from './SystemScreen.tsx';

/**
 * /:campaignUrl until campaign pages exist: a single unknown segment may be a campaign's address,
 * so the visitor is told that no campaign lives there rather than shown a bare error.
 */
export function CampaignNotFoundPage() {
  const { campaignUrl = '' } = useParams();
  return (
    <SystemScreen
      icon={<SearchX size={28} />}
      title="Campaign not found"
      body={`We could not find a campaign at /${campaignUrl}. The link may be mistyped, or the campaign may have ended.`}
      actions={
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      }
    />
  );
}
