import { type TMergeField, URL_MERGE_FIELDS } from '@kindling/contracts/email-template-rules.ts';
import type { Editor } from '@tiptap/react';

/** Puts a merge field at the cursor: a link for the URL fields, the field itself otherwise. */
export function insertMergeField(editor: Editor, field: TMergeField, linkText: string) {
  const token = `{{${field}}}`;
  const content = URL_MERGE_FIELDS.includes(field)
    ? { type: 'text', text: linkText, marks: [{ type: 'link', attrs: { href: token } }] }
    : { type: 'text', text: token };
  editor.chain().focus().insertContent(content).run();
}
