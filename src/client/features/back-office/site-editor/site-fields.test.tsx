import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { ListEditor } from './list-editor.tsx';
import { FieldErrorsContext, TextField, WordListField } from './site-fields.tsx';

function render(element: React.ReactElement, errors: Record<string, string> = {}) {
  const html = renderToStaticMarkup(
    <FieldErrorsContext.Provider value={{ errors, clear: () => undefined }}>{element}</FieldErrorsContext.Provider>,
  );
  return parseHTML(`<!doctype html><html><body>${html}</body></html>`).document;
}

const noop = () => undefined;

describe('a field of the site form', () => {
  it('has a visible label tied to it, and its error linked and flagged', () => {
    const document = render(<TextField path="profile.name" label="Name" value="" onChange={noop} hint="Shown everywhere." />, {
      'profile.name': 'is required',
    });
    const input = document.getElementById('site-profile.name')!;
    expect(document.querySelector('label[for="site-profile.name"]')?.textContent).toBe('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual(['Shown everywhere.', 'Name is required']);
  });

  it('is not flagged without an error', () => {
    const document = render(<TextField path="profile.tagline" label="Tagline" value="Hi" onChange={noop} />);
    const input = document.getElementById('site-profile.tagline')!;
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('of words shows the error of any of its entries', () => {
    const document = render(
      <WordListField path="meta.keywords" label="Keywords" separator="comma" value={['a', 'b']} onChange={noop} />,
      { 'meta.keywords.1': 'Too big: expected string to have <=120 characters' },
    );
    const input = document.getElementById('site-meta.keywords') as unknown as HTMLInputElement;
    expect(input.getAttribute('value')).toBe('a, b');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('site-meta.keywords-error')?.textContent).toBe(
      'Too big: expected string to have <=120 characters',
    );
  });
});

describe('a list of the site form', () => {
  const links = [
    { label: 'LinkedIn', url: 'https://www.linkedin.com/in/example' },
    { label: '', url: '' },
  ];
  const list = (items: typeof links, max?: number) =>
    render(
      <ListEditor
        path="profile.socialLinks"
        title="Social links"
        noun="social link"
        items={items}
        max={max}
        create={() => ({ label: '', url: '' })}
        name={(link) => link.label}
        onChange={noop}
        renderItem={(link, index) => (
          <TextField path={`profile.socialLinks.${index}.label`} label="Label" value={link.label} onChange={noop} />
        )}
      />,
    );
  const buttons = (document: Document) =>
    [...document.querySelectorAll('button')].map((button) => [
      button.getAttribute('aria-label') ?? button.textContent,
      button.hasAttribute('disabled'),
    ]);

  it('names every button after its item, and disables the moves that go nowhere', () => {
    expect(buttons(list(links))).toEqual([
      ['Move up: LinkedIn', true],
      ['Move down: LinkedIn', false],
      ['Remove: LinkedIn', false],
      ['Move up: Social link 2', false],
      ['Move down: Social link 2', true],
      ['Remove: Social link 2', false],
      ['Add social link', false],
    ]);
  });

  it('disables Add at the cap and says why', () => {
    const document = list(links, 2);
    const add = [...document.querySelectorAll('button')].at(-1)!;
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(add.getAttribute('aria-describedby')!)?.textContent).toBe('2 is the most this list holds.');
  });
});
