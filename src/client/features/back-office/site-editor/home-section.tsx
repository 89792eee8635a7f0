import { SITE_LIMITS } from '../../../../shared/site.ts';
import { ImageField } from './image-field.tsx';
import { ListEditor } from './list-editor.tsx';
import { FieldGroup, FieldRow, partSetter, SectionHeading, type SectionProps } from './section-parts.tsx';
import { TextField, WordListField } from './site-fields.tsx';

const { short, line, paragraph, url } = SITE_LIMITS;

/** `Home`: the hero, the skill cards, the partners and the figures of the home page. */
export function HomeSection({ site, setSite }: SectionProps) {
  const { home, profile } = site;
  const setHome = partSetter(setSite, 'home');

  return (
    <div className="grid gap-6">
      <SectionHeading id="site-section-home" title="Home">
        The home page, from the top.
      </SectionHeading>
      <FieldGroup title="Hero">
        <TextField
          path="home.heroTitle"
          label="Hero title"
          maxLength={line}
          placeholder={`${profile.name}: ${profile.tagline}`}
          hint="Empty: your name and tagline, as shown in grey."
          value={home.heroTitle}
          onChange={(heroTitle) => setHome({ heroTitle })}
        />
        <TextField
          path="home.heroText"
          label="Hero text"
          multiline
          maxLength={paragraph}
          placeholder={profile.description}
          hint="Empty: the profile's description."
          value={home.heroText}
          onChange={(heroText) => setHome({ heroText })}
        />
        <TextField
          path="home.heroNote"
          label="Hero note"
          maxLength={line}
          hint="The line under the text; empty hides it."
          value={home.heroNote}
          onChange={(heroNote) => setHome({ heroNote })}
        />
      </FieldGroup>

      <FieldGroup title="Skills">
        <TextField
          path="home.skillsTitle"
          label="Skills title"
          maxLength={short}
          value={home.skillsTitle}
          onChange={(skillsTitle) => setHome({ skillsTitle })}
        />
        <ListEditor
          path="home.skillCards"
          title="Skill cards"
          noun="skill card"
          items={home.skillCards}
          create={() => ({ title: '', description: '' })}
          name={(card) => card.title}
          onChange={(update) => setHome((current) => ({ skillCards: update(current.skillCards) }))}
          renderItem={(card, index, set) => (
            <>
              <TextField
                path={`home.skillCards.${index}.title`}
                label="Title"
                required
                maxLength={short}
                value={card.title}
                onChange={(title) => set({ title })}
              />
              <TextField
                path={`home.skillCards.${index}.description`}
                label="Description"
                multiline
                maxLength={paragraph}
                value={card.description}
                onChange={(description) => set({ description })}
              />
            </>
          )}
        />
      </FieldGroup>

      <FieldGroup title="Partners">
        <TextField
          path="home.partnersTitle"
          label="Partners title"
          maxLength={short}
          value={home.partnersTitle}
          onChange={(partnersTitle) => setHome({ partnersTitle })}
        />
        <TextField
          path="home.partnersText"
          label="Partners text"
          multiline
          maxLength={paragraph}
          value={home.partnersText}
          onChange={(partnersText) => setHome({ partnersText })}
        />
        <ListEditor
          path="home.partners"
          title="Partner organisations"
          noun="partner"
          items={home.partners}
          create={() => ({ name: '', logo: '', description: '', tags: [], website: '' })}
          name={(partner) => partner.name}
          onChange={(update) => setHome((current) => ({ partners: update(current.partners) }))}
          renderItem={(partner, index, set) => (
            <>
              <FieldRow>
                <TextField
                  path={`home.partners.${index}.name`}
                  label="Name"
                  required
                  maxLength={short}
                  value={partner.name}
                  onChange={(name) => set({ name })}
                />
                <TextField
                  path={`home.partners.${index}.website`}
                  label="Website"
                  type="url"
                  maxLength={url}
                  placeholder="https://"
                  value={partner.website}
                  onChange={(website) => set({ website })}
                />
              </FieldRow>
              <ImageField
                path={`home.partners.${index}.logo`}
                label="Logo"
                about={partner.name.trim() || `partner ${index + 1}`}
                value={partner.logo}
                onChange={(logo) => set({ logo })}
              />
              <TextField
                path={`home.partners.${index}.description`}
                label="Description"
                multiline
                maxLength={paragraph}
                value={partner.description}
                onChange={(description) => set({ description })}
              />
              <WordListField
                path={`home.partners.${index}.tags`}
                label="Tags"
                separator="comma"
                hint="Separated by commas."
                value={partner.tags}
                onChange={(tags) => set({ tags })}
              />
            </>
          )}
        />
      </FieldGroup>

      <FieldGroup>
        <ListEditor
          path="home.figures"
          title="Figures"
          noun="figure"
          hint="The summary strip under the partners: 1000+ Students Impacted."
          items={home.figures}
          create={() => ({ value: '', label: '' })}
          name={(figure) => [figure.value, figure.label].filter(Boolean).join(' ')}
          onChange={(update) => setHome((current) => ({ figures: update(current.figures) }))}
          renderItem={(figure, index, set) => (
            <FieldRow>
              <TextField
                path={`home.figures.${index}.value`}
                label="Value"
                required
                maxLength={short}
                value={figure.value}
                onChange={(value) => set({ value })}
              />
              <TextField
                path={`home.figures.${index}.label`}
                label="Label"
                required
                maxLength={short}
                value={figure.label}
                onChange={(label) => set({ label })}
              />
            </FieldRow>
          )}
        />
        <TextField
          path="home.figuresNote"
          label="Figures note"
          maxLength={line}
          hint="The line under the figures; empty hides it."
          value={home.figuresNote}
          onChange={(figuresNote) => setHome({ figuresNote })}
        />
      </FieldGroup>
    </div>
  );
}
