/**
 * @jest-environment node
 */
import { createTestUser, hostFetch as callerFetch, keepSessionCookies, signedInUser } from '@academy/shared/testing';
import type { RoleName } from '@academy/shared/contract';
import { render } from './server-entry';

// Every staff page this entry renders, in Node as on the server (no window, no document): a page that
// reads the browser's address or storage while it renders fails here, not only in production (a staff
// home once did: its render read `window.location`). The jsdom tests beside it check the hand-over.

keepSessionCookies();
const hostFetch = callerFetch();
const zone = 'Europe/Moscow';

const PAGES: Array<[RoleName, string, string]> = [
  ['CURATOR', '/curator/students/all', 'staff-home-title'],
  ['MANAGER', '/manager/students/current', 'staff-home-title'],
  ['CHIEF_MANAGER', '/chief-manager/students/current', 'staff-home-title'],
  ['ADMIN', '/admin/users/', 'admin-users'],
  ['MENTOR', '/mentor/review/table', 'queue__lead'],
  ['CHIEF_MENTOR', '/chief/review/planning', 'planning__period'],
];

describe("the staff remote's server entry, in Node", () => {
  it.each(PAGES)('renders the %s page %s with its data', async (role, url, marker) => {
    await createTestUser({ firstName: 'Нода', lastName: 'Серверная' });
    const { profile } = await signedInUser({ role, direction: role === 'MENTOR' ? 'FE' : null });
    const view = await render({ url, language: 'ru', timeZone: zone, profile, fetch: hostFetch });
    expect(view).not.toBeNull();
    expect(view!.html).toContain(marker);
    expect(view!.html).not.toContain('aria-busy="true"');
  });
});
