// The share panel's links of a fundraiser page (docs/decisions/044-peer-to-peer-pages.md): plain
// links to each network's own share page, so no third-party script loads on our pages.

export type TShareLink = { network: 'email' | 'whatsapp' | 'x' | 'facebook' | 'linkedin'; label: string; href: string };

export function shareLinks(url: string, title: string): TShareLink[] {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return [
    {
      network: 'email',
      label: 'E-mail',
      href: `mailto:?subject=${text}&body=${encodeURIComponent(`${title}\n${url}`)}`,
    },
    { network: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { network: 'x', label: 'X', href: `https://x.com/intent/post?text=${text}&url=${u}` },
    { network: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}
