// A signed-in staff browser stand-in for the benchmarks: the session and CSRF cookies, kept and sent
// back on every call, with the Origin header the server's CSRF check expects.

export type StaffGet = (path: string, signal?: AbortSignal) => Promise<Response>;

/** Signs `email` (a demo account, password kindling-demo) in and answers a GET of /api/v1 paths. */
export async function signInStaff(base: string, email: string): Promise<StaffGet> {
  const header = await signedInCookies(base, email);
  return (path, signal) => fetch(`${base}/api/v1${path}`, { headers: { cookie: header(), origin: base }, signal });
}

/** As signInStaff, for JSON POSTs (with the CSRF token the server expects). */
export async function signInStaffPoster(base: string, email: string) {
  const header = await signedInCookies(base, email);
  const token = /(?:^|; )csrf_token=([^;]*)/.exec(header())?.[1] ?? '';
  return (path: string, body: unknown) =>
    fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: { cookie: header(), origin: base, 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify(body),
    });
}

export async function signedInCookies(base: string, email: string): Promise<() => string> {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [name, ...value] = (line.split(';')[0] ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/api/v1/auth/config`));
  const attempt = () =>
    fetch(`${base}/api/v1/npo_users/sign_in`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: base,
        cookie: header(),
        'x-csrf-token': cookies.get('csrf_token') ?? '',
      },
      body: JSON.stringify({ npo_user: { email, password: 'kindling-demo' } }),
    });
  let res = await attempt();
  // Sign-in loads the organisation's statistics; on a cold database that can fail once.
  for (let retry = 0; res.status !== 200 && retry < 3; retry++) {
    console.log(`sign-in answered ${res.status} (${(await res.text()).slice(0, 100)}); retrying`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    res = await attempt();
  }
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  keep(res);
  return header;
}
