import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import {
  ChevronDown,
  ExternalLink,
  FileText,
  KeyRound,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  MessageSquare,
  Plus,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button.tsx';
import { adminWidth, cx, focusRing } from '../../components/ui/class-names.ts';
import { logoutAdmin } from '../../lib/admin-session.ts';
import { pagePath } from '../../../shared/routes.ts';
import { statsQuery } from './api.ts';

interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** The dashboard is current only at `/admin`; the others for their whole section. */
  exact?: boolean;
}

const items: NavItem[] = [
  { label: 'Dashboard', href: pagePath.admin, icon: LayoutDashboard, exact: true },
  { label: 'Posts', href: pagePath.adminPosts, icon: FileText },
  { label: 'Comments', href: pagePath.adminComments, icon: MessageSquare },
  { label: 'Messages', href: pagePath.adminMessages, icon: Mail },
  { label: 'Site', href: pagePath.adminSite, icon: UserRound },
  { label: 'Subscribers', href: pagePath.adminSubscribers, icon: Users },
  { label: 'Security', href: pagePath.adminSecurity, icon: KeyRound },
  { label: 'New Post', href: pagePath.write, icon: Plus, exact: true },
];

function isCurrent(location: string, item: Pick<NavItem, 'href' | 'exact'>): boolean {
  return location === item.href || (!item.exact && location.startsWith(`${item.href}/`));
}

/** "Messages 3 unread": the count, with what it counts for a screen reader. */
function UnreadBadge({ count }: { count: number }) {
  return (
    <span className="rounded-full bg-blue-700 px-1.5 py-0.5 text-xs leading-none font-semibold text-white">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/**
 * The back office's bar (DESIGN.md), the top of the author's own frame: every admin screen's
 * links, the public site and `Logout`. On a phone it drops its icons and wraps, never scrolling the
 * page sideways. In the editor (`compact`) the same links sit behind one `Admin menu` button, so
 * that the post's Title is the third stop of the keyboard (issue 25); the menu gives the focus back
 * to its button when it closes. There `Logout` is the frame's (admin-shell.tsx), fixed at the top
 * right as SPEC.md puts it, and last in the keyboard's order.
 */
export default function AdminNav({ compact = false }: { compact?: boolean }) {
  const [location] = useLocation();
  const stats = useQuery(statsQuery());
  const unread = stats.data?.messages.unread ?? 0;
  const badgeOf = (item: NavItem) => (item.href === pagePath.adminMessages && unread > 0 ? unread : undefined);

  if (compact) {
    return (
      <nav aria-label="Admin" className="sticky top-0 z-30 border-b border-slate-200 bg-slate-50">
        <div className={cx(adminWidth, 'flex items-center gap-3 py-2')}>
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger
              className={cx(
                'inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100',
                focusRing,
              )}
            >
              <Menu aria-hidden="true" className="h-4 w-4" />
              Admin menu
              {unread > 0 && <UnreadBadge count={unread} />}
              <ChevronDown aria-hidden="true" className="h-3 w-3" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="start"
                sideOffset={4}
                className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
              >
                {items.map((item) => {
                  const Icon = item.icon;
                  const current = isCurrent(location, item);
                  const badge = badgeOf(item);
                  return (
                    <DropdownMenu.Item key={item.href} asChild>
                      <Link
                        href={item.href}
                        aria-current={current ? 'page' : undefined}
                        className={cx(
                          'flex min-h-11 items-center gap-2 rounded px-3 text-sm font-medium outline-none data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-900',
                          current ? 'bg-blue-100 text-blue-900' : 'text-slate-800',
                        )}
                      >
                        <Icon aria-hidden="true" className="h-4 w-4" />
                        {item.label}
                        {badge && <UnreadBadge count={badge} />}
                      </Link>
                    </DropdownMenu.Item>
                  );
                })}
                <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
                <DropdownMenu.Item asChild>
                  <a
                    href="/"
                    className="flex min-h-11 items-center gap-2 rounded px-3 text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-900"
                  >
                    <ExternalLink aria-hidden="true" className="h-4 w-4" />
                    View site
                  </a>
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </nav>
    );
  }

  return (
    <nav aria-label="Admin" className="border-b border-slate-200 bg-slate-50">
      <div className={cx(adminWidth, 'py-2')}>
        <ul className="flex flex-wrap items-center gap-1">
          {items.map((item) => {
            const current = isCurrent(location, item);
            const Icon = item.icon;
            const badge = badgeOf(item);
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={current ? 'page' : undefined}
                  className={cx(
                    'inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium transition-colors sm:min-h-9 sm:px-2.5',
                    focusRing,
                    current ? 'bg-blue-100 text-blue-900' : 'text-slate-700 hover:bg-slate-200 hover:text-slate-900',
                  )}
                >
                  <Icon aria-hidden="true" className="hidden h-4 w-4 sm:block" />
                  {item.label}
                  {badge && <UnreadBadge count={badge} />}
                </Link>
              </li>
            );
          })}
          <li className="ml-auto flex items-center gap-1">
            <a
              href="/"
              className={cx(
                'inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-200 hover:text-slate-900 sm:min-h-9',
                focusRing,
              )}
            >
              <ExternalLink aria-hidden="true" className="hidden h-4 w-4 sm:block" />
              View site
            </a>
            <Button variant="secondary" size="sm" onClick={() => void logoutAdmin()}>
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Logout
            </Button>
          </li>
        </ul>
      </div>
    </nav>
  );
}
