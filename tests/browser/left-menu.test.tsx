import { WidgetProvider } from '../../shared/widget/widget-context';
import { navItemHref } from '../../widgets/kit/nav-link';
import { LeftMenu } from '../../widgets/patient-record/left-menu.component';
import { equal } from './support/assert';
import { cleanup, render, text, waitFor } from './support/dom';
import { fakeFetch } from './support/fake-fetch';

/** Spec 000 section 3, "Nav item: navItemLabel, appModule, route, defaultSortOrder, parentNavItemUid, featureFlag list, queryParams". */

const API = 'http://api.test/api';
const item = (uid: string, label: string, route: string, queryParams: string | null, order: number) => ({
  nav_item_uid: uid, nav_item_label: label, route, default_sort_order: order, parent_nav_item_uid: null, query_params: queryParams,
});

describe('the record menu carries each nav item’s queryParams into its link', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    cleanup();
  });

  it('navItemHref: the query written out again; none, the path alone', () => {
    equal(navItemHref('/patients/p/care-team', 'tab=inactive&sort=-date'), '/patients/p/care-team?tab=inactive&sort=-date');
    equal(navItemHref('/patients/p/care-team', '?tab=inactive'), '/patients/p/care-team?tab=inactive');
    equal(navItemHref('/patients/p/care-team', 'q=a b&x="><i>'), '/patients/p/care-team?q=a+b&x=%22%3E%3Ci%3E');
    equal(navItemHref('/patients/p/notes', null), '/patients/p/notes');
    equal(navItemHref('/patients/p/notes', ''), '/patients/p/notes');
  });

  it('links, care-navigate and the current item', async () => {
    const items = [item('n1', 'Face Sheet', 'face-sheet', null, 0), item('n2', 'Care Team', 'care-team', 'tab=inactive', 60)];
    restore = fakeFetch((url) =>
      url.pathname.endsWith('/data/reference/reference-nav-item') ? { body: { data: items.map((i) => ({ type: 'reference-nav-item', id: i.nav_item_uid, attributes: i })) } } : { status: 404, body: { errors: [{ message: 'Not found' }] } },
    ).restore;
    const root = render(
      <WidgetProvider apiBase={API} token="t0k">
        <LeftMenu patientId="p-1" current="care-team" />
      </WidgetProvider>,
    );
    await waitFor(() => root.querySelectorAll('nav a').length === 2, { message: 'the menu' });
    const [face, team] = [...root.querySelectorAll<HTMLAnchorElement>('nav a')];
    equal(face.getAttribute('href'), '/patients/p-1/face-sheet');
    equal(team.getAttribute('href'), '/patients/p-1/care-team?tab=inactive');
    equal(team.getAttribute('aria-current'), 'page');
    equal(text(team), 'Care Team');
    const paths: string[] = [];
    const listen = (e: Event) => {
      e.preventDefault();
      paths.push((e as CustomEvent<{ path: string }>).detail.path);
    };
    document.addEventListener('care-navigate', listen);
    try {
      team.click();
    } finally {
      document.removeEventListener('care-navigate', listen);
    }
    equal(paths.join(' '), '/patients/p-1/care-team?tab=inactive');
  });
});
