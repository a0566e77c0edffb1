import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { signedInSession } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { detail, summary } from '../donors.test-support.ts';
import { DonorPage } from './DonorPage.tsx';

const render = (role: 1984 | 5150 = 5150, entry = '/dashboard/donor/5') =>
  renderRoutes([{ path: '/dashboard/donor/:id', element: <DonorPage /> }], {
    initialEntries: [entry],
    session: signedInSession(role),
  });

const notes = { 'GET /npo_admin/donors/5/notes': { body: { notes: [] } } };

describe('DonorPage', () => {
  it('shows totals, profile, giving history, plans and a statement link', async () => {
    stubFetch({ 'GET /npo_admin/donors/5': { body: detail(5) }, ...notes });
    render();
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('$123.45')).toBeInTheDocument();
    expect(screen.getByText('1 High Street')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Giving history' });
    expect(within(history).getByRole('link', { name: 'Gift · $25.00' })).toHaveAttribute(
      'href',
      '/dashboard/donation/11',
    );
    expect(within(history).getByText('Refund · -$5.00')).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: /Annual statement/ })).toHaveAttribute(
      'href',
      '/api/v1/npo_admin/donors/5/statement.pdf?year=2026',
    );
    const plans = screen.getByRole('region', { name: 'Recurring plans' });
    expect(within(plans).getByRole('link', { name: '$10.00 monthly' })).toHaveAttribute(
      'href',
      '/dashboard/recurring-plan/9',
    );
  });

  it('merges a duplicate after showing what moves', async () => {
    const dup = {
      ...summary(8, { first_name: 'G.', email: 'g.hopper@example.org' }),
      reason: 'name_postcode' as const,
    };
    const stub = stubFetch({
      'GET /npo_admin/donors/5': { body: detail(5, { duplicates: [dup] }) },
      'GET /npo_admin/donors/5/merge_preview': {
        body: {
          keep: summary(5),
          duplicate: summary(8, { lifetime_total_minor: 1000 }),
          moves: [
            { label: 'Donations (with their Gift Aid declarations, receipts and refunds)', count: 2 },
            { label: 'Notes', count: 1 },
          ],
        },
      },
      'POST /npo_admin/donors/5/merge': { body: detail(5) },
      ...notes,
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Review merge' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge duplicate donor' });
    expect(await within(dialog).findByText('Notes: 1')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Donations \(with their Gift Aid declarations, receipts and refunds\): 2/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Lifetime total after the merge: \$133.45/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge into Grace Hopper' }));
    await expect.poll(() => stub.callsTo('POST', '/npo_admin/donors/5/merge')[0]?.body).toEqual({ duplicate_id: 8 });
  });

  it('offers edit and merge to admins only', async () => {
    const dup = { ...summary(8), reason: 'email' as const };
    stubFetch({ 'GET /npo_admin/donors/5': { body: detail(5, { duplicates: [dup] }) }, ...notes });
    render(1984);
    await screen.findByRole('heading', { name: 'Grace Hopper' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review merge' })).not.toBeInTheDocument();
  });

  it('saves the profile and shows the server\u2019s message under the field', async () => {
    const stub = stubFetch({
      'GET /npo_admin/donors/5': { body: detail(5) },
      'PATCH /npo_admin/donors/5': {
        status: 409,
        body: { message: 'Taken', fields: { email: 'Another donor already has this e-mail address' } },
      },
      ...notes,
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'other@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another donor already has this e-mail address')).toBeInTheDocument();
    expect(stub.callsTo('PATCH', '/npo_admin/donors/5')[0]?.body).toMatchObject({ email: 'other@example.org' });
  });

  it('says when the donor is not found', async () => {
    stubFetch({ 'GET /npo_admin/donors/5': { status: 404, body: { message: 'Donor not found.' } }, ...notes });
    render();
    expect(await screen.findByText('Donor not found', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
