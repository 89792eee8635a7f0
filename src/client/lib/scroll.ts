/** Scrolls the window to the top (navigation, logo, slug changes). */
export function scrollToTop(behavior: ScrollBehavior = 'auto'): void {
  window.scrollTo({ top: 0, left: 0, behavior });
}

/** Smoothly scrolls to a section of the page, if it is there. */
export function scrollToSection(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export const CONTACT_SECTION_ID = 'contact';
export const PARTNERS_SECTION_ID = 'partnerships';
