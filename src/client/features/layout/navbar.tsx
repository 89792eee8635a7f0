import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useNavigation } from '../../lib/navigation.tsx';
import { CONTACT_SECTION_ID, scrollToSection, scrollToTop } from '../../lib/scroll.ts';
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

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 ${
    active ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

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

/** `siteName` (the logo's text) comes from the shell, so this island does not carry the site's content. */
export function Navbar({ siteName }: { siteName: string }) {
  const { path: location } = useNavigation();
  const [menuOpen, setMenuOpen] = useState(false);

  const onNavigate = () => {
    setMenuOpen(false);
    scrollToTop();
  };
  const onContact = () => {
    setMenuOpen(false);
    scrollToSection(CONTACT_SECTION_ID);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <NavLink
          href={pagePath.home}
          onClick={onNavigate}
          className="rounded-md text-lg font-bold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
        >
          {siteName}
        </NavLink>
        <div className="hidden items-center gap-1 md:flex">
          <NavLinks location={location} onNavigate={onNavigate} />
          <button
            type="button"
            onClick={onContact}
            className="ml-2 rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2"
          >
            Get in Touch
          </button>
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 md:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
        </button>
      </nav>
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden">
          <div className="flex flex-col gap-1 pt-2">
            <NavLinks location={location} onNavigate={onNavigate} />
            <button
              type="button"
              onClick={onContact}
              className="mt-1 rounded-md bg-blue-700 px-3 py-2 text-left text-sm font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
            >
              Get in Touch
            </button>
          </div>
        </div>
      )}
    </header>
  );
}
