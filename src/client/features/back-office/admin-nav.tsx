import { useQuery } from '@tanstack/react-query';
import {
  FileText,
  KeyRound,
  LayoutDashboard,
  LogOut,
  Mail,
  MessageSquare,
  Plus,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
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

/**
 * The back office's bar, on every admin screen and in the editor (DESIGN.md). On a phone it drops
 * its icons and wraps onto a second line, never scrolling the page sideways.
 */
export default function AdminNav() {
  const [location] = useLocation();
  const stats = useQuery(statsQuery());
  const unread = stats.data?.messages.unread ?? 0;

  return (
    <nav aria-label="Admin" className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-2">
        <ul className="flex flex-wrap items-center gap-1">
          {items.map((item) => {
            const current = isCurrent(location, item);
            const Icon = item.icon;
            const badge = item.href === pagePath.adminMessages && unread > 0 ? unread : undefined;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={current ? 'page' : undefined}
                  className={cx(
                    'inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium transition-colors sm:px-2.5',
                    focusRing,
                    current ? 'bg-blue-100 text-blue-900' : 'text-slate-700 hover:bg-slate-200 hover:text-slate-900',
                  )}
                >
                  <Icon aria-hidden="true" className="hidden h-4 w-4 sm:block" />
                  {item.label}
                  {badge && (
                    <span className="rounded-full bg-blue-700 px-1.5 py-0.5 text-xs leading-none font-semibold text-white">
                      {badge}
                      {/* The link's name says what the number is: "Messages 3 unread". */}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
          <li className="ml-auto">
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
