import { SITE_LIMITS } from '../../../../shared/site.ts';
import { ImageField } from './image-field.tsx';
import { ListEditor } from './list-editor.tsx';
import { FieldGroup, FieldRow, partSetter, SectionHeading, type SectionProps } from './section-parts.tsx';
import { TextField, WordListField } from './site-fields.tsx';

const { short, line, paragraph, url } = SITE_LIMITS;

/** `Profile`: who the site is about, and (under `Across the site`) the document's `meta`. */
export function ProfileSection({ site, setSite }: SectionProps) {
  const { profile, meta } = site;
  const setProfile = partSetter(setSite, 'profile');
  const setMeta = partSetter(setSite, 'meta');

  return (
    <div className="grid gap-6">
      <SectionHeading id="site-section-profile" title="Profile">
        You, as the home page, the CV, every post and the search engines present you.
      </SectionHeading>
      <FieldGroup>
        <FieldRow>
          <TextField
            path="profile.name"
            label="Name"
            required
            maxLength={short}
            value={profile.name}
            onChange={(name) => setProfile({ name })}
          />
          <TextField
            path="profile.shortName"
            label="Short name"
            required
            maxLength={short}
            hint="The author of a post that names none."
            value={profile.shortName}
            onChange={(shortName) => setProfile({ shortName })}
          />
        </FieldRow>
        <FieldRow>
          <TextField
            path="profile.caption"
            label="Caption"
            maxLength={short}
            hint="Under your name on every post."
            value={profile.caption}
            onChange={(caption) => setProfile({ caption })}
          />
          <TextField
            path="profile.availability"
            label="Availability note"
            maxLength={short}
            hint="The badge on the home page; empty hides it."
            value={profile.availability}
            onChange={(availability) => setProfile({ availability })}
          />
        </FieldRow>
        <TextField
          path="profile.tagline"
          label="Tagline"
          maxLength={line}
          value={profile.tagline}
          onChange={(tagline) => setProfile({ tagline })}
        />
        <TextField
          path="profile.description"
          label="Description"
          multiline
          maxLength={paragraph}
          value={profile.description}
          onChange={(description) => setProfile({ description })}
        />
        <FieldRow>
          <TextField
            path="profile.location"
            label="Location"
            maxLength={short}
            value={profile.location}
            onChange={(location) => setProfile({ location })}
          />
          <TextField
            path="profile.email"
            label="E-mail"
            type="email"
            maxLength={254}
            hint="For the CV's Email Me button; empty hides it."
            value={profile.email}
            onChange={(email) => setProfile({ email })}
          />
        </FieldRow>
        <ImageField path="profile.photo" label="Photo" value={profile.photo} onChange={(photo) => setProfile({ photo })} />
        <ListEditor
          path="profile.socialLinks"
          title="Social links"
          noun="social link"
          hint="Linked as your own profiles (rel=me), so Mastodon and others can verify them."
          items={profile.socialLinks}
          create={() => ({ label: '', url: '' })}
          name={(link) => link.label}
          onChange={(update) => setProfile((current) => ({ socialLinks: update(current.socialLinks) }))}
          renderItem={(link, index, set) => (
            <FieldRow>
              <TextField
                path={`profile.socialLinks.${index}.label`}
                label="Label"
                required
                maxLength={short}
                value={link.label}
                onChange={(label) => set({ label })}
              />
              <TextField
                path={`profile.socialLinks.${index}.url`}
                label="URL"
                type="url"
                required
                maxLength={url}
                placeholder="https://"
                value={link.url}
                onChange={(value) => set({ url: value })}
              />
            </FieldRow>
          )}
        />
      </FieldGroup>

      <FieldGroup title="Across the site">
        <TextField
          path="meta.title"
          label="Site title"
          required
          maxLength={line}
          hint="The home page's title in the browser tab and in shared links."
          value={meta.title}
          onChange={(title) => setMeta({ title })}
        />
        <WordListField
          path="meta.keywords"
          label="Keywords"
          separator="comma"
          hint="Separated by commas."
          value={meta.keywords}
          onChange={(keywords) => setMeta({ keywords })}
        />
        <FieldRow>
          <ImageField
            path="meta.shareImage"
            label="Share image"
            hint="Shown when a page without its own image is shared."
            value={meta.shareImage}
            onChange={(shareImage) => setMeta({ shareImage })}
          />
          <ImageField
            path="meta.favicon"
            label="Favicon"
            hint="The browser tab's icon: a small square image."
            value={meta.favicon}
            onChange={(favicon) => setMeta({ favicon })}
          />
        </FieldRow>
        <TextField
          path="meta.footerText"
          label="Footer text"
          multiline
          maxLength={paragraph}
          hint="Beside the contact form at the foot of every page."
          value={meta.footerText}
          onChange={(footerText) => setMeta({ footerText })}
        />
      </FieldGroup>
    </div>
  );
}
