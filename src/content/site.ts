import type { SiteDocument } from '../shared/site.ts';

/**
 * The site document of a fresh install (DESIGN.md "make it yours"): realistic placeholders the
 * owner replaces from `/admin/site`, and SPEC.md's figures, labels and texts. Nothing else reads
 * this file: pages read the document saved in the database, which starts as a copy of this one.
 */
export const defaultSite: SiteDocument = {
  profile: {
    name: 'Amara Nakato',
    shortName: 'Amara',
    caption: 'EdTech Professional',
    tagline: 'Empowering African youth through technology and education',
    description:
      'Education-technology professional and community founder building learning programmes that help young people across East and West Africa become creators of technology, not only its users.',
    location: 'Kampala, Uganda',
    email: 'hello@example.com',
    photo: '',
    availability: 'Available for projects',
    socialLinks: [
      { label: 'LinkedIn', url: 'https://www.linkedin.com/in/example' },
      { label: 'X', url: 'https://x.com/example' },
      { label: 'GitHub', url: 'https://github.com/example' },
    ],
  },
  home: {
    // Empty: the name and the tagline, then the description (they follow the profile).
    heroTitle: '',
    heroText: '',
    heroNote: '7+ years of experience · 1000+ students impacted',
    skillsTitle: 'What I Do',
    skillCards: [
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
    ],
    partnersTitle: 'Partnerships',
    partnersText: 'Organizations I work with to bring technology education to young people.',
    partners: [
      {
        name: 'Kampala Code Club',
        logo: '/images/partners/code-club.svg',
        description: 'After-school coding clubs in twelve secondary schools.',
        tags: ['Coding', 'Schools'],
        website: 'https://example.org/code-club',
      },
      {
        name: 'Nairobi Girls in Tech',
        logo: '/images/partners/girls-in-tech.svg',
        description: 'Scholarships and mentoring for young women entering technology careers.',
        tags: ['Mentorship', 'Inclusion'],
        website: 'https://example.org/girls-in-tech',
      },
      {
        name: 'Kigali Innovation Hub',
        logo: '/images/partners/innovation-hub.svg',
        description: 'Incubator for student-led social ventures.',
        tags: ['Entrepreneurship'],
        website: 'https://example.org/innovation-hub',
      },
      {
        name: 'Lagos Digital Schools',
        logo: '/images/partners/digital-schools.svg',
        description: 'Teacher training in digital literacy across 40 schools.',
        tags: ['Teacher Training', 'Digital Literacy'],
        website: 'https://example.org/digital-schools',
      },
      {
        name: 'Open Learning Africa',
        logo: '/images/partners/open-learning.svg',
        description: 'Open educational resources in local languages.',
        tags: ['Open Content'],
        website: 'https://example.org/open-learning',
      },
      {
        name: 'Future Leaders Network',
        logo: '/images/partners/future-leaders.svg',
        description: 'A pan-African network of youth leadership fellows.',
        tags: ['Leadership', 'Community'],
        website: 'https://example.org/future-leaders',
      },
    ],
    figures: [
      { value: '6', label: 'Partner Organizations' },
      { value: '1000+', label: 'Students Impacted' },
      { value: '4', label: 'Countries Reached' },
    ],
    figuresNote: 'Uganda · Kenya · Rwanda · Nigeria',
  },
  cv: {
    headline: 'Education-technology professional and community founder',
    summary:
      'Seven years designing and running technology education for young people in Uganda, Kenya, Rwanda and Nigeria: from after-school coding clubs to national teacher-training programmes. I combine curriculum design, data analysis and hands-on platform work to build programmes that schools can keep running long after launch.',
    skillGroups: [
      {
        title: 'Curriculum Design',
        items: ['Project-based learning', 'Competency frameworks', 'Teacher guides', 'Assessment design'],
      },
      { title: 'Data Analysis', items: ['Learning analytics', 'Survey design', 'Python and pandas', 'Impact reporting'] },
      {
        title: 'Project Management',
        items: ['Multi-country programmes', 'Partner coordination', 'Budgeting', 'Monitoring and evaluation'],
      },
      {
        title: 'LMS Development',
        items: ['Moodle administration', 'Offline-first content', 'Course authoring', 'Accessibility'],
      },
    ],
    roles: [
      {
        title: 'Founder and Programme Director',
        organization: 'Future Leaders Network',
        location: 'Kampala, Uganda',
        start: 'Jan 2022',
        end: '',
        points: ['Grew a youth fellowship to four countries', 'Raised multi-year funding from three foundations'],
      },
      {
        title: 'EdTech Programme Manager',
        organization: 'Lagos Digital Schools',
        location: 'Lagos, Nigeria',
        start: 'Mar 2020',
        end: 'Dec 2021',
        points: ['Trained 300 teachers in digital literacy', 'Moved 40 schools to an offline-first LMS'],
      },
      {
        title: 'Curriculum Lead',
        organization: 'Kampala Code Club',
        location: 'Kampala, Uganda',
        start: 'Jun 2018',
        end: 'Feb 2020',
        points: ['Wrote a two-year coding curriculum', 'Opened clubs in twelve secondary schools'],
      },
      {
        title: 'Learning Data Analyst',
        organization: 'Open Learning Africa',
        location: 'Nairobi, Kenya',
        start: 'Aug 2017',
        end: 'May 2018',
        points: ['Built dashboards tracking 5,000 learners', 'Designed the annual impact survey'],
      },
      {
        title: 'Teaching Fellow',
        organization: 'Kigali Innovation Hub',
        location: 'Kigali, Rwanda',
        start: 'Jan 2016',
        end: 'Jul 2017',
        points: ['Taught web development to 120 students', 'Mentored student-led social ventures'],
      },
    ],
    projects: [
      {
        name: 'Offline Classroom Kit',
        description: 'A Raspberry Pi server with an LMS and open content for schools without internet.',
        outcome: 'Running in 40 schools, reaching more than 1000 students.',
        url: '',
      },
      {
        name: 'Girls Code Scholarship',
        description: 'A six-month mentoring and scholarship programme for young women in technology.',
        outcome: '85% of fellows went on to university or a technology job.',
        url: '',
      },
      {
        name: 'Teacher Digital Skills Course',
        description: 'A blended course that certifies teachers in digital literacy and classroom technology.',
        outcome: 'Adopted by two regional education offices.',
        url: '',
      },
    ],
    education: [
      { kind: 'education', title: 'MSc Education and Technology', institution: 'University College London', year: '2019' },
      { kind: 'education', title: 'BSc Computer Science', institution: 'Makerere University', year: '2015' },
      {
        kind: 'certificate',
        title: 'Certified Project Management Professional (PMP)',
        institution: 'Project Management Institute',
        year: '2021',
      },
      { kind: 'certificate', title: 'Google Certified Educator, Level 2', institution: 'Google for Education', year: '2018' },
    ],
    callToAction: 'Looking for a partner on a youth education or learning-technology programme? Let us talk.',
    connectLabel: 'Connect on LinkedIn',
    connectUrl: 'https://www.linkedin.com/in/example',
  },
  blog: {
    title: 'EdTech Dialogue',
    description:
      'Exploring educational technology innovations, youth empowerment strategies and transformative learning experiences across Africa.',
    categories: [
      { label: 'African Youth Empowerment', tags: [] },
      { label: 'Educational Innovation', tags: [] },
      { label: 'Future Leaders', tags: [] },
      { label: 'Digital Literacy', tags: [] },
      { label: 'Youth Leadership', tags: [] },
      { label: 'Technology Creation', tags: [] },
    ],
  },
  meta: {
    title: 'Amara Nakato | EdTech & Youth Empowerment',
    keywords: ['education technology', 'youth empowerment', 'Africa', 'digital literacy', 'curriculum design'],
    shareImage: '/images/og-default.png',
    favicon: '/favicon.svg',
    footerText: 'Working on youth education, digital skills or learning technology? I would love to hear about it.',
  },
};
