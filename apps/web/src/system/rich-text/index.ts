// The staff rich-text editor shared by the features that store formatted staff text.
export { MergeFieldBar } from './MergeFieldBar.tsx';
export { RichTextBox, useRichTextEditor } from './RichText.tsx';
