/**
 * The site owner's fixed text: profile, skills, partners and CV. Every value here is a realistic
 * placeholder meant to be replaced with the owner's own; the marketing figures are SPEC.md's.
 */

interface SocialLink {
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
  {
    name: 'Kampala Code Club',
    description: 'After-school coding clubs in twelve secondary schools.',
    image: '/images/partners/code-club.svg',
    tags: ['Coding', 'Schools'],
    url: 'https://example.org/code-club',
  },
  {
    name: 'Nairobi Girls in Tech',
    description: 'Scholarships and mentoring for young women entering technology careers.',
    image: '/images/partners/girls-in-tech.svg',
    tags: ['Mentorship', 'Inclusion'],
    url: 'https://example.org/girls-in-tech',
  },
  {
    name: 'Kigali Innovation Hub',
    description: 'Incubator for student-led social ventures.',
    image: '/images/partners/innovation-hub.svg',
    tags: ['Entrepreneurship'],
    url: 'https://example.org/innovation-hub',
  },
  {
    name: 'Lagos Digital Schools',
    description: 'Teacher training in digital literacy across 40 schools.',
    image: '/images/partners/digital-schools.svg',
    tags: ['Teacher Training', 'Digital Literacy'],
    url: 'https://example.org/digital-schools',
  },
  {
    name: 'Open Learning Africa',
    description: 'Open educational resources in local languages.',
    image: '/images/partners/open-learning.svg',
    tags: ['Open Content'],
    url: 'https://example.org/open-learning',
  },
  {
    name: 'Future Leaders Network',
    description: 'A pan-African network of youth leadership fellows.',
    image: '/images/partners/future-leaders.svg',
    tags: ['Leadership', 'Community'],
    url: 'https://example.org/future-leaders',
  },
];

interface SkillGroup {
  title: 'Curriculum Design' | 'Data Analysis' | 'Project Management' | 'LMS Development';
  skills: string[];
}

interface Role {
  title: string;
  organization: string;
  location: string;
  start: string;
  end: string;
  highlights: string[];
}

interface Project {
  name: string;
  description: string;
  outcome: string;
}

interface Education {
  title: string;
  institution: string;
  year: string;
}

export interface Cv {
  headline: string;
  summary: string;
  skillGroups: SkillGroup[];
  roles: Role[];
  projects: Project[];
  education: Education[];
  callToAction: string;
}

/** SPEC.md section 2: 4 skill groups, 5 roles, 3 projects, 4 education entries. */
export const cv: Cv = {
  headline: 'Education-technology professional and community founder',
  summary:
    'Seven years designing and running technology education for young people in Uganda, Kenya, Rwanda and Nigeria: from after-school coding clubs to national teacher-training programmes. I combine curriculum design, data analysis and hands-on platform work to build programmes that schools can keep running long after launch.',
  skillGroups: [
    {
      title: 'Curriculum Design',
      skills: ['Project-based learning', 'Competency frameworks', 'Teacher guides', 'Assessment design'],
    },
    { title: 'Data Analysis', skills: ['Learning analytics', 'Survey design', 'Python and pandas', 'Impact reporting'] },
    {
      title: 'Project Management',
      skills: ['Multi-country programmes', 'Partner coordination', 'Budgeting', 'Monitoring and evaluation'],
    },
    { title: 'LMS Development', skills: ['Moodle administration', 'Offline-first content', 'Course authoring', 'Accessibility'] },
  ],
  roles: [
    {
      title: 'Founder and Programme Director',
      organization: 'Future Leaders Network',
      location: 'Kampala, Uganda',
      start: 'Jan 2022',
      end: 'Present',
      highlights: ['Grew a youth fellowship to four countries', 'Raised multi-year funding from three foundations'],
    },
    {
      title: 'EdTech Programme Manager',
      organization: 'Lagos Digital Schools',
      location: 'Lagos, Nigeria',
      start: 'Mar 2020',
      end: 'Dec 2021',
      highlights: ['Trained 300 teachers in digital literacy', 'Moved 40 schools to an offline-first LMS'],
    },
    {
      title: 'Curriculum Lead',
      organization: 'Kampala Code Club',
      location: 'Kampala, Uganda',
      start: 'Jun 2018',
      end: 'Feb 2020',
      highlights: ['Wrote a two-year coding curriculum', 'Opened clubs in twelve secondary schools'],
    },
    {
      title: 'Learning Data Analyst',
      organization: 'Open Learning Africa',
      location: 'Nairobi, Kenya',
      start: 'Aug 2017',
      end: 'May 2018',
      highlights: ['Built dashboards tracking 5,000 learners', 'Designed the annual impact survey'],
    },
    {
      title: 'Teaching Fellow',
      organization: 'Kigali Innovation Hub',
      location: 'Kigali, Rwanda',
      start: 'Jan 2016',
      end: 'Jul 2017',
      highlights: ['Taught web development to 120 students', 'Mentored student-led social ventures'],
    },
  ],
  projects: [
    {
      name: 'Offline Classroom Kit',
      description: 'A Raspberry Pi server with an LMS and open content for schools without internet.',
      outcome: 'Running in 40 schools, reaching more than 1000 students.',
    },
    {
      name: 'Girls Code Scholarship',
      description: 'A six-month mentoring and scholarship programme for young women in technology.',
      outcome: '85% of fellows went on to university or a technology job.',
    },
    {
      name: 'Teacher Digital Skills Course',
      description: 'A blended course that certifies teachers in digital literacy and classroom technology.',
      outcome: 'Adopted by two regional education offices.',
    },
  ],
  education: [
    { title: 'MSc Education and Technology', institution: 'University College London', year: '2019' },
    { title: 'BSc Computer Science', institution: 'Makerere University', year: '2015' },
    { title: 'Certified Project Management Professional (PMP)', institution: 'Project Management Institute', year: '2021' },
    { title: 'Google Certified Educator, Level 2', institution: 'Google for Education', year: '2018' },
  ],
  callToAction: 'Looking for a partner on a youth education or learning-technology programme? Let us talk.',
};

/** Site-wide names used in page titles, feeds and structured data. */
export const site = {
  name: `${profile.name} | EdTech & Youth Empowerment`,
  blogTitle: 'EdTech Dialogue',
  blogDescription:
    'Exploring educational technology innovations, youth empowerment strategies and transformative learning experiences across Africa.',
  keywords: ['education technology', 'youth empowerment', 'Africa', 'digital literacy', 'curriculum design'],
  defaultImage: '/images/og-default.png',
} as const;
