import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedOutSession } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { marketingRoutes } from '../marketing.routes.tsx';

const renderPublic = (path: string) =>
  renderRoutes(marketingRoutes, { initialEntries: [path], session: signedOutSession });

describe('/api-reference', () => {
  afterEach(() => {
    delete window.Scalar;
    for (const script of document.head.querySelectorAll('script')) script.remove();
  });

  it('loads the bundled reference script from this origin only', async () => {
    renderPublic('/api-reference');
    await screen.findByRole('heading', { level: 1, name: 'API reference' }, { timeout: 5000 });
    await waitFor(() => expect(document.head.querySelector('script[src*="standalone"]')).not.toBeNull());
    const src = document.head.querySelector('script[src*="standalone"]')?.getAttribute('src') ?? '';
    expect(new URL(src, window.location.href).origin).toBe(window.location.origin);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the reference');
  });

  it('points Scalar at our document with every outside call switched off', async () => {
    const createApiReference = vi.fn(() => ({ destroy: vi.fn() }));
    window.Scalar = { createApiReference };
    renderPublic('/api-reference');
    await waitFor(() => expect(createApiReference).toHaveBeenCalled(), { timeout: 5000 });
    expect(createApiReference).toHaveBeenCalledWith(
      expect.any(HTMLElement),
      expect.objectContaining({
        url: '/api/v1/openapi.json',
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        hideClientButton: true,
        hideTestRequestButton: true,
      }),
    );
    expect(screen.getByRole('link', { name: 'Download the OpenAPI 3.1 document' })).toHaveAttribute(
      'href',
      '/api/v1/openapi.json',
    );
  });
});

describe('/documentation', () => {
  it('carries the API conventions that used to be on /api-reference', async () => {
    renderPublic('/documentation');
    await screen.findByRole('heading', { level: 2, name: 'Automate with the API' }, { timeout: 5000 });
    expect(screen.getByText(/echo the csrf_token cookie in the X-CSRF-Token header/)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api-reference');
  });
});
