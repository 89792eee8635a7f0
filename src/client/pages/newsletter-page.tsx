import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { pagePath } from '../../shared/routes.ts';
import { Button } from '../components/ui/button.tsx';
import { newsletterLinkQuery } from '../features/newsletter/api.ts';
import { useSiteConfig } from '../lib/site-config.tsx';
import { useSite } from '../lib/site-document.ts';
import { newsletterMeta, useDocumentMeta } from '../seo.ts';

/**
 * The pages of the newsletter's links (DESIGN.md): each shows one button, a plain form POST to
 * its own address, so that a mail scanner following the link changes nothing, and the page works
 * without script. The POST comes back here (303), and the page says where things stand.
 */
export function NewsletterConfirmPage() {
  const { token = '' } = useParams<{ token: string }>();
  const site = useSite();
  const state = useLinkState('confirm', token, 'Confirm subscription');
  if (state === undefined) return null;
  if (state === 'confirmed') {
    return (
      <Message title="You're subscribed">
        <p className="mt-4 text-slate-700">
          New posts from {site.profile.name} will come to your inbox. Each e-mail has a link to unsubscribe.
        </p>
        <BlogLink />
      </Message>
    );
  }
  if (state === 'pending') {
    return (
      <Message title="Confirm your subscription">
        <p className="mt-4 text-slate-700">Get new posts from {site.profile.name} by e-mail.</p>
        <form method="post" action={pagePath.newsletterConfirm(token)} className="mt-6">
          <Button type="submit">Confirm subscription</Button>
        </form>
      </Message>
    );
  }
  return (
    <Message title="This link no longer works">
      <p className="mt-4 text-slate-700">
        A confirmation link works for 7 days and is replaced when you subscribe again. Subscribe again at the foot of any page to
        get a new one.
      </p>
      <BlogLink />
    </Message>
  );
}

export function NewsletterUnsubscribePage() {
  const { token = '' } = useParams<{ token: string }>();
  const site = useSite();
  const state = useLinkState('unsubscribe', token, 'Unsubscribe');
  if (state === undefined) return null;
  if (state === 'subscribed') {
    return (
      <Message title="Unsubscribe">
        <p className="mt-4 text-slate-700">Stop getting new posts from {site.profile.name} by e-mail.</p>
        <form method="post" action={pagePath.newsletterUnsubscribe(token)} className="mt-6">
          <input type="hidden" name="from" value="page" />
          <Button type="submit">Unsubscribe</Button>
        </form>
      </Message>
    );
  }
  if (state === 'unsubscribed') {
    return (
      <Message title="You're unsubscribed">
        <p className="mt-4 text-slate-700">
          No more e-mails will come from {site.profile.name}. You can subscribe again at any time.
        </p>
        <BlogLink />
      </Message>
    );
  }
  return (
    <Message title="This link is not known">
      <p className="mt-4 text-slate-700">Check that the whole address from the e-mail was opened.</p>
      <BlogLink />
    </Message>
  );
}

function useLinkState(kind: 'confirm' | 'unsubscribe', token: string, title: string) {
  const { siteUrl } = useSiteConfig();
  const site = useSite();
  const { data: state } = useQuery(newsletterLinkQuery(kind, token));
  const path = kind === 'confirm' ? pagePath.newsletterConfirm(token) : pagePath.newsletterUnsubscribe(token);
  useDocumentMeta(newsletterMeta(site, path, title), siteUrl);
  // Reached inside the app rather than from the server: only the server reads a token.
  useEffect(() => {
    if (state === undefined) window.location.reload();
  }, [state]);
  return state;
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {children}
    </main>
  );
}

function BlogLink() {
  return (
    <a href={pagePath.blog()} className="mt-6 inline-block font-semibold text-blue-800 underline">
      Read the blog
    </a>
  );
}
