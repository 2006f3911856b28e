/** Sessions on the real test server (injected by scripts/test-browser.mjs), got the way an embedder gets them. */
const url = __CAREWEAVE_URL__;

export interface TestSession {
  token: string;
  accessible_divisions: { division_uid: string; division_name: string }[];
}

export async function signInAs(userName: string): Promise<TestSession> {
  const answer = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_name: userName, password: 'careweave-demo' }) });
  if (answer.status !== 200) throw new Error(`sign in as ${userName}: HTTP ${answer.status}`);
  return (await answer.json()).data.attributes;
}

/** PUT /api/session/current: the token of a new session in the named division (the old one ends). */
export async function switchDivision(session: TestSession, divisionName: string): Promise<string> {
  const target = session.accessible_divisions.find((d) => d.division_name === divisionName);
  if (!target) throw new Error(`no access to ${divisionName}`);
  const answer = await fetch(`${url}/api/session/current`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ data: { attributes: { current_division_uid: target.division_uid } } }),
  });
  if (answer.status !== 200) throw new Error(`switch to ${divisionName}: HTTP ${answer.status}`);
  return (await answer.json()).data.attributes.token;
}
