import { Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { NavLink, useNavigation } from '../../lib/navigation.tsx';
import { CONTACT_SECTION_ID, scrollToSection, scrollToTop } from '../../lib/scroll.ts';
import { scriptForms } from '../../lib/script-forms.ts';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { pagePath } from '../../../shared/routes.ts';

const links = [
  { label: 'Portfolio', href: pagePath.home },
  { label: 'About Me', href: pagePath.cv },
  { label: 'Blog', href: pagePath.blog() },
] as const;

/** SPEC.md section 2: `/` is active only on exact match, the others on prefix. */
export function isActivePath(current: string, href: string): boolean {
  if (href === '/') return current === '/';
  return current === href || current.startsWith(`${href}/`);
}

const focusRing = 'focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700';

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${focusRing} ${
    active ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

const toggleClass = `rounded-md p-2 text-slate-700 hover:bg-slate-100 ${focusRing}`;

/** The page links, the same in the bar and in the mobile menu. */
function NavLinks({ location, onNavigate }: { location: string; onNavigate: () => void }) {
  return links.map((link) => {
    const active = isActivePath(location, link.href);
    return (
      <NavLink
        key={link.href}
        href={link.href}
        onClick={onNavigate}
        className={linkClass(active)}
        aria-current={active ? 'page' : undefined}
      >
        {link.label}
      </NavLink>
    );
  });
}

/**
 * Get in Touch: SPEC.md's button, which scrolls smoothly to the contact section; without script, a
 * link there, which the browser follows itself (lib/script-forms.ts).
 */
function GetInTouch({ onClick, className }: { onClick: () => void; className: string }) {
  const forms = scriptForms('block', useSiteConfig().saveData);
  return (
    <>
      <a href={`#${CONTACT_SECTION_ID}`} className={`${className} ${forms.withoutScript}`}>
        Get in Touch
      </a>
      {forms.withScript && (
        <button type="button" onClick={onClick} className={`${className} ${forms.withScript}`}>
          Get in Touch
        </button>
      )}
    </>
  );
}

/** The links of a small screen, under the bar: in the flow with script, over the page in the disclosure. */
function MobileMenu({ id, className = '', children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <div id={id} className={`border-t border-slate-200 bg-white px-4 pb-4 md:hidden ${className}`}>
      <div className="flex flex-col gap-1 pt-2">{children}</div>
    </div>
  );
}

/**
 * `siteName` (the logo's text) comes from the shell, so this island does not carry the site's content.
 * The small screen's menu is SPEC.md's menu button; without script (and on a data-saver page) a
 * `<details>` disclosure instead, which opens by itself (DESIGN.md "readers on metered data").
 */
export function Navbar({ siteName }: { siteName: string }) {
  const { path: location } = useNavigation();
  const forms = scriptForms('block', useSiteConfig().saveData);
  const [menuOpen, setMenuOpen] = useState(false);

  const onNavigate = () => {
    setMenuOpen(false);
    scrollToTop();
  };
  const onContact = () => {
    setMenuOpen(false);
    scrollToSection(CONTACT_SECTION_ID);
  };
  const mobileLinks = (
    <>
      <NavLinks location={location} onNavigate={onNavigate} />
      <GetInTouch
        onClick={onContact}
        className={`mt-1 rounded-md bg-blue-700 px-3 py-2 text-left text-sm font-semibold text-white hover:bg-blue-800 ${focusRing}`}
      />
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex min-h-16 max-w-6xl items-center justify-between gap-2 px-4">
        <NavLink
          href={pagePath.home}
          onClick={onNavigate}
          className={`min-w-0 rounded-md text-lg font-bold wrap-anywhere text-slate-900 ${focusRing}`}
        >
          {siteName}
        </NavLink>
        <div className="hidden items-center gap-1 md:flex">
          <NavLinks location={location} onNavigate={onNavigate} />
          <GetInTouch
            onClick={onContact}
            className={`ml-2 rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 ${focusRing} focus-visible:ring-offset-2`}
          />
        </div>
        {forms.withScript && (
          <button
            type="button"
            className={`shrink-0 md:hidden ${toggleClass} ${forms.withScript}`}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
          </button>
        )}
        <div className="shrink-0 md:hidden">
          <details className={`group ${forms.withoutScript}`}>
            <summary className={`block cursor-pointer list-none [&::-webkit-details-marker]:hidden ${toggleClass}`}>
              <Menu aria-hidden="true" className="h-6 w-6 group-open:hidden" />
              <X aria-hidden="true" className="hidden h-6 w-6 group-open:block" />
              <span className="sr-only">Menu</span>
            </summary>
            <MobileMenu className="absolute inset-x-0 top-full border-b shadow-md">{mobileLinks}</MobileMenu>
          </details>
        </div>
      </nav>
      {menuOpen && <MobileMenu id="mobile-menu">{mobileLinks}</MobileMenu>}
    </header>
  );
}
