import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, FileButton, Group, Image, Paper, Stack, Text, TextInput } from '@mantine/core';
import { GripVertical, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';

/** One image of a list being edited: `key` identifies it while dragging. */
export type ImageItem = { key: string; url: string; alt: string };
let counter = 0;
export const newImageKey = () => `img${++counter}`;

function Row({
  image,
  index,
  onChange,
  onRemove,
}: {
  image: ImageItem;
  index: number;
  onChange: (alt: string) => void;
  onRemove: () => void;
}) {
  const sortable = useSortable({ id: image.key });
  return (
    <Paper
      withBorder
      p="xs"
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
    >
      <Group wrap="nowrap" align="center">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Move image ${index + 1} (IMAGE${index + 1})`}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <GripVertical size={18} />
        </ActionIcon>
        <Image src={image.url} alt="" w={72} h={48} fit="cover" radius="sm" />
        <Stack gap={2} style={{ flex: 1 }}>
          <Text size="xs" c="dimmed">
            IMAGE{index + 1}
          </Text>
          <TextInput
            aria-label={`Alt text of image ${index + 1}`}
            placeholder="Describe the image for people who cannot see it"
            value={image.alt}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        </Stack>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove image ${index + 1}`} onClick={onRemove}>
          <Trash2 size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/**
 * A list of images: upload, drag (or keyboard) to reorder, alt text for each. Shared by the crowdfunding
 * gallery and the event editor; `upload` stores one file and answers its URL.
 */
export function ImageListEditor({
  images,
  onChange,
  upload: store,
  empty,
  hint,
  max,
}: {
  images: ImageItem[];
  onChange: (images: ImageItem[]) => void;
  upload: (file: File) => Promise<string>;
  empty: string;
  hint: string;
  max?: number;
}) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = images.findIndex((i) => i.key === active.id);
    const to = images.findIndex((i) => i.key === over.id);
    onChange(arrayMove(images, from, to));
  };
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const url = await store(file);
      onChange([...images, { key: newImageKey(), url, alt: '' }]);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The image could not be uploaded.');
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap="xs">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={images.map((i) => i.key)} strategy={verticalListSortingStrategy}>
          {images.map((image, index) => (
            <Row
              key={image.key}
              image={image}
              index={index}
              onChange={(alt) => onChange(images.map((i) => (i.key === image.key ? { ...i, alt } : i)))}
              onRemove={() => onChange(images.filter((i) => i.key !== image.key))}
            />
          ))}
        </SortableContext>
      </DndContext>
      {images.length === 0 && <Text c="dimmed">{empty}</Text>}
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <FileButton onChange={upload} accept="image/jpeg,image/png,image/webp">
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<Upload size={16} />}
            loading={uploading}
            disabled={max !== undefined && images.length >= max}
            w="fit-content"
          >
            Upload an image
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}
