/**
 * The site owner's fixed text: profile, skills, partners and CV. Every value here is a realistic
 * placeholder meant to be replaced with the owner's own; the marketing figures are SPEC.md's.
 */

export interface SocialLink {
  label: string;
  href: string;
}

export interface Profile {
  name: string;
  shortName: string;
  role: string;
  tagline: string;
  description: string;
  location: string;
  email: string;
  professionalNetworkUrl: string;
  socialLinks: SocialLink[];
}

export const profile: Profile = {
  name: 'Amara Nakato',
  shortName: 'Amara',
  role: 'EdTech Professional',
  tagline: 'Empowering African youth through technology and education',
  description:
    'Education-technology professional and community founder building learning programmes that help young people across East and West Africa become creators of technology, not only its users.',
  location: 'Kampala, Uganda',
  email: 'hello@example.com',
  professionalNetworkUrl: 'https://www.linkedin.com/in/example',
  socialLinks: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/in/example' },
    { label: 'X', href: 'https://x.com/example' },
    { label: 'GitHub', href: 'https://github.com/example' },
  ],
};

/** SPEC.md section 1: fixed marketing figures. */
export const stats = {
  yearsOfExperience: '7+',
  studentsImpacted: '1000+',
  partnerOrganizations: 6,
  countriesReached: 4,
  countries: ['Uganda', 'Kenya', 'Rwanda', 'Nigeria'],
} as const;

export interface SkillCard {
  title: string;
  description: string;
}

export const skillCards: SkillCard[] = [
  {
    title: 'Curriculum Design',
    description: 'Project-based digital skills curricula that run in classrooms with one laptop or fifty.',
  },
  {
    title: 'Youth Leadership',
    description: 'Mentorship programmes that turn students into club leaders and community organisers.',
  },
  {
    title: 'Learning Technology',
    description: 'Offline-first learning platforms and data dashboards for schools and NGOs.',
  },
];

export interface Partner {
  name: string;
  description: string;
  image: string;
  tags: string[];
  url: string;
}

export const partners: Partner[] = [
  { name: 'Kampala Code Club', description: 'After-school coding clubs in twelve secondary schools.', image: '/images/partners/code-club.svg', tags: ['Coding', 'Schools'], url: 'https://example.org/code-club' },
  { name: 'Nairobi Girls in Tech', description: 'Scholarships and mentoring for young women entering technology careers.', image: '/images/partners/girls-in-tech.svg', tags: ['Mentorship', 'Inclusion'], url: 'https://example.org/girls-in-tech' },
  { name: 'Kigali Innovation Hub', description: 'Incubator for student-led social ventures.', image: '/images/partners/innovation-hub.svg', tags: ['Entrepreneurship'], url: 'https://example.org/innovation-hub' },
  { name: 'Lagos Digital Schools', description: 'Teacher training in digital literacy across 40 schools.', image: '/images/partners/digital-schools.svg', tags: ['Teacher Training', 'Digital Literacy'], url: 'https://example.org/digital-schools' },
  { name: 'Open Learning Africa', description: 'Open educational resources in local languages.', image: '/images/partners/open-learning.svg', tags: ['Open Content'], url: 'https://example.org/open-learning' },
  { name: 'Future Leaders Network', description: 'A pan-African network of youth leadership fellows.', image: '/images/partners/future-leaders.svg', tags: ['Leadership', 'Community'], url: 'https://example.org/future-leaders' },
];
