import { SITE_LIMITS } from '../../../../shared/site.ts';
import { ListEditor } from './list-editor.tsx';
import { FieldGroup, FieldRow, partSetter, SectionHeading, type SectionProps } from './section-parts.tsx';
import { SelectField, TextField, WordListField } from './site-fields.tsx';

const { short, line, paragraph, url } = SITE_LIMITS;

const EDUCATION_KINDS = [
  { value: 'education', label: 'Education' },
  { value: 'certificate', label: 'Certificate' },
] as const;

/** `CV`: the `/cv` page, from its headline to the closing call to action. */
export function CvSection({ site, setSite }: SectionProps) {
  const { cv } = site;
  const setCv = partSetter(setSite, 'cv');

  return (
    <div className="grid gap-6">
      <SectionHeading id="site-section-cv" title="CV">
        The /cv page, and the CV at /resume.json.
      </SectionHeading>
      <FieldGroup>
        <TextField
          path="cv.headline"
          label="Headline"
          maxLength={line}
          value={cv.headline}
          onChange={(headline) => setCv({ headline })}
        />
        <TextField
          path="cv.summary"
          label="Summary"
          multiline
          maxLength={paragraph}
          value={cv.summary}
          onChange={(summary) => setCv({ summary })}
        />
      </FieldGroup>

      <FieldGroup>
        <ListEditor
          path="cv.skillGroups"
          title="Skill groups"
          noun="skill group"
          items={cv.skillGroups}
          create={() => ({ title: '', items: [] })}
          name={(group) => group.title}
          onChange={(update) => setCv((current) => ({ skillGroups: update(current.skillGroups) }))}
          renderItem={(group, index, set) => (
            <>
              <TextField
                path={`cv.skillGroups.${index}.title`}
                label="Title"
                required
                maxLength={short}
                value={group.title}
                onChange={(title) => set({ title })}
              />
              <WordListField
                path={`cv.skillGroups.${index}.items`}
                label="Skills"
                separator="line"
                hint="One a line."
                value={group.items}
                onChange={(items) => set({ items })}
              />
            </>
          )}
        />
      </FieldGroup>

      <FieldGroup>
        <ListEditor
          path="cv.roles"
          title="Experience"
          noun="role"
          items={cv.roles}
          create={() => ({ title: '', organization: '', location: '', start: '', end: '', points: [] })}
          name={(role) => [role.title, role.organization].filter(Boolean).join(', ')}
          onChange={(update) => setCv((current) => ({ roles: update(current.roles) }))}
          renderItem={(role, index, set) => (
            <>
              <FieldRow>
                <TextField
                  path={`cv.roles.${index}.title`}
                  label="Role"
                  required
                  maxLength={short}
                  value={role.title}
                  onChange={(title) => set({ title })}
                />
                <TextField
                  path={`cv.roles.${index}.organization`}
                  label="Organisation"
                  maxLength={short}
                  value={role.organization}
                  onChange={(organization) => set({ organization })}
                />
              </FieldRow>
              <TextField
                path={`cv.roles.${index}.location`}
                label="Location"
                maxLength={short}
                value={role.location}
                onChange={(location) => set({ location })}
              />
              <FieldRow>
                <TextField
                  path={`cv.roles.${index}.start`}
                  label="Start"
                  maxLength={short}
                  placeholder="Jan 2022"
                  value={role.start}
                  onChange={(start) => set({ start })}
                />
                <TextField
                  path={`cv.roles.${index}.end`}
                  label="End"
                  maxLength={short}
                  placeholder="Present"
                  hint="Empty: Present."
                  value={role.end}
                  onChange={(end) => set({ end })}
                />
              </FieldRow>
              <WordListField
                path={`cv.roles.${index}.points`}
                label="Points"
                separator="line"
                hint="One a line."
                value={role.points}
                onChange={(points) => set({ points })}
              />
            </>
          )}
        />
      </FieldGroup>

      <FieldGroup>
        <ListEditor
          path="cv.projects"
          title="Selected projects"
          noun="project"
          items={cv.projects}
          create={() => ({ name: '', description: '', outcome: '', url: '' })}
          name={(project) => project.name}
          onChange={(update) => setCv((current) => ({ projects: update(current.projects) }))}
          renderItem={(project, index, set) => (
            <>
              <FieldRow>
                <TextField
                  path={`cv.projects.${index}.name`}
                  label="Name"
                  required
                  maxLength={short}
                  value={project.name}
                  onChange={(name) => set({ name })}
                />
                <TextField
                  path={`cv.projects.${index}.url`}
                  label="URL"
                  type="url"
                  maxLength={url}
                  placeholder="https://"
                  value={project.url}
                  onChange={(value) => set({ url: value })}
                />
              </FieldRow>
              <TextField
                path={`cv.projects.${index}.description`}
                label="Description"
                multiline
                maxLength={paragraph}
                value={project.description}
                onChange={(description) => set({ description })}
              />
              <TextField
                path={`cv.projects.${index}.outcome`}
                label="Outcome"
                multiline
                maxLength={paragraph}
                value={project.outcome}
                onChange={(outcome) => set({ outcome })}
              />
            </>
          )}
        />
      </FieldGroup>

      <FieldGroup>
        <ListEditor
          path="cv.education"
          title="Education and certifications"
          noun="entry"
          items={cv.education}
          create={() => ({ kind: 'education' as const, title: '', institution: '', year: '' })}
          name={(entry) => entry.title}
          onChange={(update) => setCv((current) => ({ education: update(current.education) }))}
          renderItem={(entry, index, set) => (
            <>
              <FieldRow>
                <SelectField
                  path={`cv.education.${index}.kind`}
                  label="Kind"
                  value={entry.kind}
                  options={EDUCATION_KINDS}
                  onChange={(kind) => set({ kind })}
                />
                <TextField
                  path={`cv.education.${index}.year`}
                  label="Year"
                  maxLength={short}
                  value={entry.year}
                  onChange={(year) => set({ year })}
                />
              </FieldRow>
              <TextField
                path={`cv.education.${index}.title`}
                label="Title"
                required
                maxLength={short}
                value={entry.title}
                onChange={(title) => set({ title })}
              />
              <TextField
                path={`cv.education.${index}.institution`}
                label="Institution"
                maxLength={short}
                value={entry.institution}
                onChange={(institution) => set({ institution })}
              />
            </>
          )}
        />
      </FieldGroup>

      <FieldGroup title="Call to action">
        <TextField
          path="cv.callToAction"
          label="Call to action"
          multiline
          maxLength={paragraph}
          hint="The closing words of the CV, above the Email Me button."
          value={cv.callToAction}
          onChange={(callToAction) => setCv({ callToAction })}
        />
        <FieldRow>
          <TextField
            path="cv.connectLabel"
            label="Connect button label"
            maxLength={short}
            placeholder="Connect"
            value={cv.connectLabel}
            onChange={(connectLabel) => setCv({ connectLabel })}
          />
          <TextField
            path="cv.connectUrl"
            label="Connect button URL"
            type="url"
            maxLength={url}
            placeholder="https://"
            hint="Empty hides the button."
            value={cv.connectUrl}
            onChange={(connectUrl) => setCv({ connectUrl })}
          />
        </FieldRow>
      </FieldGroup>
    </div>
  );
}
