import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Card } from '../../components/ui/card.tsx';
import { adminWidth, cx, focusRing } from '../../components/ui/class-names.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { pagePath, searchString } from '../../../shared/routes.ts';
import { sendingSummary } from '../../../shared/subscribers.ts';
import { newslettersQuery } from '../../lib/newsletter.ts';
import { STATS_WINDOW_DAYS, statsQuery } from './api.ts';
import { FirstRunChecklist } from './first-run-checklist.tsx';
import { ReadersChart } from './readers-chart.tsx';
import { LoadError, ScreenHeader } from './screen-header.tsx';
import { SiteDataPanel } from './site-data-panel.tsx';

/** `/admin`: what needs the author, how many came to read, what they read, and the site's data to take out or bring in. */
export function Dashboard() {
  const stats = useQuery(statsQuery());

  if (stats.isPending) return <Spinner label="Loading dashboard..." />;
  return (
    <div className={cx(adminWidth, 'py-10')}>
      <ScreenHeader title="Dashboard" />
      <FirstRunChecklist />
      {stats.isError ? (
        <LoadError what="the dashboard" onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <section aria-labelledby="counts-heading">
            <h2 id="counts-heading" className="sr-only">
              At a glance
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              <CountCard
                count={stats.data.posts.published}
                label="Published posts"
                href={pagePath.adminPosts + searchString({ status: 'published' })}
              />
              <CountCard
                count={stats.data.posts.drafts}
                label="Drafts"
                href={pagePath.adminPosts + searchString({ status: 'draft' })}
              />
              <CountCard
                count={stats.data.posts.scheduled}
                label="Scheduled"
                href={pagePath.adminPosts + searchString({ status: 'scheduled' })}
              />
              <CountCard
                count={stats.data.comments.held}
                label="Comments awaiting moderation"
                href={pagePath.adminComments + searchString({ status: 'held' })}
                attention
              />
              <CountCard
                count={stats.data.messages.unread}
                label="Unread messages"
                href={pagePath.adminMessages + searchString({ unread: 'true' })}
                attention
              />
            </ul>
          </section>

          <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
            <Card as="section" aria-labelledby="readers-heading" className="min-w-0">
              <h2 id="readers-heading" className="text-lg font-semibold text-slate-900">
                Readers per day
              </h2>
              <div className="mt-4">
                <ReadersChart views={stats.data.views} windowDays={STATS_WINDOW_DAYS} />
              </div>
            </Card>

            <Card as="section" aria-labelledby="top-posts-heading" className="min-w-0">
              <h2 id="top-posts-heading" className="text-lg font-semibold text-slate-900">
                Most read posts
              </h2>
              {stats.data.topPosts.length === 0 ? (
                <p className="mt-4 text-slate-700">No readers yet.</p>
              ) : (
                <ol className="mt-4 divide-y divide-slate-200">
                  {stats.data.topPosts.map((post) => (
                    <li key={post.id} className="flex items-baseline justify-between gap-3 py-2.5">
                      <Link
                        href={pagePath.post(post.slug)}
                        className={cx('min-w-0 wrap-anywhere rounded font-medium text-blue-800 hover:underline', focusRing)}
                      >
                        {post.title}
                      </Link>
                      <span className="shrink-0 text-sm text-slate-700 tabular-nums">
                        {post.views} {post.views === 1 ? 'view' : 'views'}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
          </div>
          <Newsletters />
        </>
      )}
      {/* Outside the counts: a backup or a restore must work even when the counts fail to load. */}
      <SiteDataPanel />
    </div>
  );
}

function CountCard(props: { count: number; label: string; href: string; attention?: boolean }) {
  const waiting = props.attention && props.count > 0;
  return (
    <li>
      <Link
        href={props.href}
        className={cx(
          'flex h-full flex-col gap-1 rounded-xl border p-5 shadow-sm transition-colors',
          focusRing,
          // What waits for the author stands out, and says so in words too.
          waiting
            ? 'border-amber-300 bg-amber-50 hover:bg-amber-100'
            : 'border-slate-200 bg-white hover:border-blue-300 hover:bg-blue-50',
        )}
      >
        <span className="text-3xl font-bold text-slate-900 tabular-nums">{props.count}</span>
        <span className="text-sm font-medium text-slate-700">{props.label}</span>
      </Link>
    </li>
  );
}

/** The newsletter's latest sendings (DESIGN.md): `Sent N of M`, with failures; only where the site sends e-mail. */
function Newsletters() {
  const { data } = useQuery(newslettersQuery());
  if (!data?.enabled) return null;
  const latest = data.sendings.slice(0, 5);
  return (
    <Card as="section" aria-labelledby="newsletter-heading" className="mt-6">
      <h2 id="newsletter-heading" className="text-lg font-semibold text-slate-900">
        Newsletter
      </h2>
      {latest.length === 0 ? (
        <p className="mt-4 text-slate-700">
          No post sent yet. Turn on <strong>Send to subscribers</strong> in a post's Settings; see who subscribed in{' '}
          <Link href={pagePath.adminSubscribers} className={cx('rounded text-blue-800 underline', focusRing)}>
            Subscribers
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {latest.map((sending) => (
            <li key={sending.postId} className="flex flex-wrap items-baseline justify-between gap-3 py-2.5">
              <Link
                href={pagePath.post(sending.slug)}
                className={cx('min-w-0 wrap-anywhere rounded font-medium text-blue-800 hover:underline', focusRing)}
              >
                {sending.title}
              </Link>
              <span className="shrink-0 text-sm text-slate-700 tabular-nums">{sendingSummary(sending)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
