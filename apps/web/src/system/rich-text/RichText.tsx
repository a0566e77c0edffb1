// The editor's own styles (toolbar, borders) wherever the editor is used, not only where e-mail templates load them.
import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/**
 * The staff rich-text editor (Mantine tiptap): only what the server keeps when it sanitises staff
 * HTML (paragraphs, headings 2-3, bold, italic, underline, strike, lists, quotes, links, rules), so
 * what staff see is what readers get (e-mail templates, the communications guide).
 */
export function useRichTextEditor(options: {
  html: string;
  editable: boolean;
  onChange: (html: string) => void;
  onReady: (html: string) => void;
  /** The accessible name of the editable area. */
  label: string;
  /** mkt21: images by https address (marketing e-mails; the server keeps only https images). */
  images?: boolean;
}): Editor | null {
  return useEditor({
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false, heading: { levels: [2, 3] } }),
      Link,
      ...(options.images ? [Image.configure({ allowBase64: false })] : []),
    ],
    content: options.html,
    editable: options.editable,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': options.label,
        ...(options.editable ? {} : { 'aria-readonly': 'true' }),
      },
    },
    onCreate: ({ editor }) => options.onReady(editor.getHTML()),
    onUpdate: ({ editor }) => options.onChange(editor.getHTML()),
  });
}

export function RichTextBox({ editor }: { editor: Editor | null }) {
  return (
    <RichTextEditor editor={editor}>
      {editor?.isEditable ? (
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
      ) : null}
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
