// Inside an iframe the page reports its height to the parent on every size change, so the embed
// snippet (public/embed.js) can size the frame to the form: no inner scrollbar, no blank space.
import { useEffect } from 'react';

export const RESIZE_MESSAGE = 'kindling:resize';

export function useEmbedResize(enabled: boolean, id: string) {
  useEffect(() => {
    if (!enabled || window.parent === window) return;
    let last = -1;
    const post = () => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: RESIZE_MESSAGE, id, height }, '*');
    };
    post();
    const observer = new ResizeObserver(post);
    observer.observe(document.documentElement);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [enabled, id]);
}
