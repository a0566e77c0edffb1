// Kindling embed snippet: sizes every <iframe data-kindling-embed> to the donation form inside it.
// The form posts { type: 'kindling:resize', id, height } to its parent on every size change; a
// message counts only when it comes from that iframe's own window and origin.
(() => {
  if (window.__kindlingEmbed) return;
  window.__kindlingEmbed = true;
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || data.type !== 'kindling:resize' || typeof data.height !== 'number') return;
    for (const frame of document.querySelectorAll('iframe[data-kindling-embed]')) {
      let origin;
      try {
        origin = new URL(frame.src, window.location.href).origin;
      } catch {
        continue;
      }
      if (event.origin !== origin || event.source !== frame.contentWindow) continue;
      const height = Math.max(0, Math.min(Math.ceil(data.height), 20000));
      frame.style.height = `${height}px`;
    }
  });
})();
