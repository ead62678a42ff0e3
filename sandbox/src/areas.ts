import type { Area } from './area.js';
import { accountArea } from './account/store.js';
import { communityArea } from './community/store.js';
import { examsArea } from './exams/store.js';
import { homeworkArea } from './homework/store.js';
import { insteadArea } from './instead/store.js';
import { personalArea } from './personal/store.js';
import { qbankArea } from './qbank/store.js';
import { examSocketArea } from './realtime/exam-store.js';
import { coreArea } from './seed.js';
import { shopArea } from './shop/store.js';
import { filesArea } from './storage/resources.js';
import { agreementArea } from './study/agreements.js';
import { centreArea } from './study/centre.js';
import { studyArea } from './study/enrolments.js';
import { progressArea } from './study/progress.js';
import { lessonArea } from './study/video.js';
import { userCentreArea } from './usercentre/store.js';

/**
 * Every area of the sandbox's data, once: its tables and its seed. A new area adds its `Area` here (after
 * the areas its seed writes into or reads); nothing else is needed for it to exist from the start and to be
 * restored by `POST /__sandbox/reset` (sandbox/README.md, "Data areas").
 */
export const AREAS: readonly Area[] = [
  coreArea,
  personalArea,
  studyArea, // enrolments: the areas below enrol their users
  lessonArea,
  progressArea,
  centreArea, // saves a lesson position (progress)
  agreementArea, // writes custom fields (personal)
  shopArea,
  accountArea,
  userCentreArea,
  communityArea,
  qbankArea,
  examsArea, // face rows (agreements), question ids (question bank)
  filesArea,
  homeworkArea,
  insteadArea,
  examSocketArea,
];
