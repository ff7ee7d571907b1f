import { rowCounts } from '../../testing/row-counts';
import { testDatabases, type TestApp } from '../../testing/test-app';
import { createEnrolleeApp, type EnrolleeApp, type TestStep } from './test-helpers';

// The enrollee's lesson steps (spec 2 §2.13): whose steps, in which order, what a step shows, who may call.
describe.each(testDatabases())('the enrollee’s lesson steps on %s', (kind) => {
  let e: EnrolleeApp;
  let t: TestApp;
  let fe: TestStep[];
  let java: TestStep[];
  beforeAll(async () => {
    e = await createEnrolleeApp(kind);
    t = e.t;
    fe = await e.steps('FE');
    java = await e.steps('JAVA');
  });
  afterAll(() => t?.close());

  it('the heading: the steps of the direction’s enrollee course in course order, points, the current one', async () => {
    const enrollee = await e.enrollee();
    const reply = await e.heading(enrollee.cookie, 2);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual({
      courseName: 'Практикум абитуриента',
      directionName: expect.any(String),
      coursePoints: 2,
      studentPoints: 0,
      currentTaskPosition: 2,
      currentTaskType: 'word',
      taskIcons: [
        {
          position: 1,
          directionTaskId: fe[0]!.taskId,
          taskType: 'lecture',
          title: 'Добро пожаловать',
          solved: false,
          checked: false,
          needToResolve: false,
          current: false,
        },
        {
          position: 2,
          directionTaskId: fe[1]!.taskId,
          taskType: 'word',
          title: 'Первый тег',
          solved: false,
          checked: false,
          needToResolve: false,
          current: true,
        },
      ],
    });
    // without a position: the first step; the JAVA course's steps follow its modules, chapters and tasks
    expect((await e.heading(enrollee.cookie)).json().data.currentTaskPosition).toBe(1);
    const javaEnrollee = await e.enrollee('JAVA');
    const javaHeading = (await e.heading(javaEnrollee.cookie, 16)).json().data;
    expect(javaHeading.taskIcons.map((i: { directionTaskId: number }) => i.directionTaskId)).toEqual(java.map((s) => s.taskId));
    expect(javaHeading.taskIcons.map((i: { taskType: string }) => i.taskType)).toEqual([
      'lecture',
      'theory',
      'word',
      'theory',
      'gapping',
      'ordering',
      'lecture',
      'code',
      'association',
      'multi_test',
      'code',
      'lecture',
      'multi_answer',
      'multi_input',
      'mentorCheckTask',
      'code',
    ]);
    expect(javaHeading.taskIcons.filter((i: { current: boolean }) => i.current)).toEqual([
      expect.objectContaining({ position: 16, directionTaskId: java[15]!.taskId }),
    ]);
    expect(javaHeading.coursePoints).toBe(java.reduce((sum, s) => sum + s.points, 0));
  });

  it('a position beyond the last step, or not a position, is refused', async () => {
    const enrollee = await e.enrollee();
    const beyond = await e.heading(enrollee.cookie, 3);
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().error).toMatchObject({ key: 'noStepAt', text: 'Нет шага 3.' });
    for (const bad of ['0', '-1', '1.5', 'x', '10001', '99999999999999999999']) {
      const reply = await e.get(`/api/enrollee/directionTask/heading?directionTaskPosition=${bad}`, enrollee.cookie);
      expect({ bad, status: reply.statusCode }).toEqual({ bad, status: 400 });
    }
    expect((await e.open(enrollee.cookie, 0, fe[0]!.taskId)).statusCode).toBe(400);
    expect((await e.open(enrollee.cookie, 10_001, fe[0]!.taskId)).statusCode).toBe(400);
  });

  it('a step’s task as the course pages show it, never the right answers; only the task at that position', async () => {
    const enrollee = await e.enrollee();
    const word = await e.open(enrollee.cookie, 2, fe[1]!.taskId);
    expect(word.statusCode).toBe(200);
    expect(word.json().data).toMatchObject({
      courseTaskId: fe[1]!.taskId,
      type: 'word',
      title: 'Первый тег',
      taskPoints: 1,
      solved: false,
      answer: '',
    });
    expect(word.json().data.studentTaskId).toBeGreaterThan(0);
    expect(word.body).not.toContain('"html"');
    expect(word.body).not.toContain('answers');

    const mismatch = await e.open(enrollee.cookie, 1, fe[1]!.taskId);
    expect(mismatch.statusCode).toBe(404);
    expect(mismatch.json().error.key).toBe('noStep');
    // another direction's step, and a regular course's task, are not the enrollee's
    expect((await e.open(enrollee.cookie, 1, java[0]!.taskId)).statusCode).toBe(404);
    expect((await e.open(enrollee.cookie, 3, e.task('const-keyword').id)).statusCode).toBe(404);
    const javaEnrollee = await e.enrollee('JAVA');
    expect((await e.open(javaEnrollee.cookie, 2, fe[1]!.taskId)).json().error.key).toBe('noStep');
  });

  it('another direction’s step state is not there: no answer, lecture, reset or load reaches it', async () => {
    const owner = await e.enrollee('JAVA');
    const lecture = (await e.open(owner.cookie, 1, java[0]!.taskId)).json().data.studentTaskId as number;
    const word = (await e.open(owner.cookie, 3, java[2]!.taskId)).json().data.studentTaskId as number;
    const intruder = await e.enrollee('FE');
    const before = await rowCounts(t.database.db);
    const replies = [
      await e.get(`/api/enrollee/directionTask/${lecture}/solve-lecture`, intruder.cookie),
      await e.post(`/api/enrollee/directionTask/${word}`, intruder.cookie, { taskType: 'word', answer: 'const' }),
      await e.post(`/api/enrollee/directionTask/${word}/reset`, intruder.cookie),
    ];
    expect(replies.map((r) => [r.statusCode, r.json().error.key])).toEqual([
      [404, 'noTask'],
      [404, 'noTask'],
      [404, 'noTask'],
    ]);
    expect(await rowCounts(t.database.db)).toEqual(before);
    // nor does an enrollee reach a paying student's task through the steps' addresses
    const student = await e.enrolledStudent();
    const state = await e.stateId(student.cookie, 'const-keyword');
    const own = await e.enrollee('FE');
    expect(
      (await e.post(`/api/enrollee/directionTask/${state}`, own.cookie, { taskType: 'word', answer: 'const' })).statusCode,
    ).toBe(404);
  });

  it('the direction’s icon is its enrollee course’s picture; no course for the direction is a 404', async () => {
    const enrollee = await e.enrollee();
    const pic = await e.get('/api/enrollee/direction/direction-pic', enrollee.cookie);
    expect(pic.statusCode).toBe(200);
    const course = e.courses['enrollee-start']!;
    expect(pic.json().data).toMatchObject({
      direction: 'FE',
      directionPicUrl: expect.stringContaining(`/api/user/course/${course}/picture.svg?v=`),
    });
    const image = await t.inject({ method: 'GET', url: pic.json().data.directionPicUrl });
    expect(image.headers['content-type']).toContain('image/svg+xml');

    for (const direction of ['GO', null] as const) {
      const lost = await t.userWithSession({ role: 'STUDENT', direction });
      for (const url of ['/api/enrollee/direction/direction-pic', '/api/enrollee/directionTask/heading']) {
        const reply = await e.get(url, lost.cookie);
        expect([url, reply.statusCode, reply.json().error.key]).toEqual([url, 404, 'noEnrolleeCourse']);
      }
    }
  });

  it('the area is the enrollee’s alone: anonymous 401, every other role 403', async () => {
    const enrollee = await e.enrollee();
    const state = (await e.open(enrollee.cookie, 2, fe[1]!.taskId)).json().data.studentTaskId as number;
    const calls = [
      ['GET', '/api/enrollee/direction/direction-pic'],
      ['GET', '/api/enrollee/directionTask/heading?directionTaskPosition=1'],
      ['GET', `/api/enrollee/directionTask/2/${fe[1]!.taskId}`],
      ['GET', `/api/enrollee/directionTask/${state}/solve-lecture`],
      ['POST', `/api/enrollee/directionTask/${state}`],
      ['POST', `/api/enrollee/directionTask/${state}/reset`],
    ] as const;
    const others = await Promise.all(
      (['PAY_STUDENT', 'MENTOR', 'CHIEF_MENTOR', 'ADMIN', 'CURATOR', 'MANAGER'] as const).map((role) =>
        t.userWithSession({ role, direction: 'FE' }),
      ),
    );
    for (const [method, url] of calls) {
      const payload = method === 'POST' ? { payload: { taskType: 'word', answer: 'html' } } : {};
      expect((await t.inject({ method, url, ...payload })).statusCode).toBe(401);
      for (const other of others) {
        const reply = await t.inject({ method, url, headers: { cookie: other.cookie }, ...payload });
        expect([url, reply.statusCode]).toEqual([url, 403]);
      }
    }
    expect((await e.heading(enrollee.cookie, 2)).json().data.studentPoints).toBe(0);
  });

  it('reads never write; a step’s load and a lecture’s read change state, so they need the academy’s own page', async () => {
    const enrollee = await e.enrollee();
    const before = await rowCounts(t.database.db);
    await e.heading(enrollee.cookie, 1);
    await e.get('/api/enrollee/direction/direction-pic', enrollee.cookie);
    expect(await rowCounts(t.database.db)).toEqual(before);

    // without the zoneId header our pages send (a link, an image, a form of another site): refused
    const crossSite = await t.app.inject({
      method: 'GET',
      url: `/api/enrollee/directionTask/1/${fe[0]!.taskId}`,
      headers: { cookie: enrollee.cookie },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await rowCounts(t.database.db)).toEqual(before);
    const lecture = (await e.open(enrollee.cookie, 1, fe[0]!.taskId)).json().data.studentTaskId as number;
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/enrollee/directionTask/${lecture}/solve-lecture`,
      headers: { cookie: enrollee.cookie },
    });
    expect(read.statusCode).toBe(403);
    expect((await e.heading(enrollee.cookie, 1)).json().data.studentPoints).toBe(0);
  });

  it('every answer is bounded: its kind’s fields only, sizes and counts limited, the kind named right', async () => {
    const enrollee = await e.enrollee('JAVA');
    const word = (await e.open(enrollee.cookie, 3, java[2]!.taskId)).json().data.studentTaskId as number;
    const gapping = (await e.open(enrollee.cookie, 5, java[4]!.taskId)).json().data.studentTaskId as number;
    const code = (await e.open(enrollee.cookie, 8, java[7]!.taskId)).json().data.studentTaskId as number;
    const refusals = [
      [word, { taskType: 'word', answer: 'x'.repeat(2001) }, 'invalidRequest'],
      [word, { taskType: 'word', answer: 'const', extra: 1 }, 'invalidRequest'],
      [word, { taskType: 'word' }, 'invalidRequest'],
      [word, { taskType: 'word', answer: { text: 'const' } }, 'invalidRequest'],
      [word, { taskType: 'w'.repeat(41), answer: 'const' }, 'invalidRequest'],
      [word, { taskType: 'theory', answerIds: [1] }, 'wrongKind'],
      [word, { taskType: 'no-such-kind', answer: 'const' }, 'wrongKind'],
      [
        gapping,
        { taskType: 'gapping', studentAnswers: Array.from({ length: 201 }, (_, i) => ({ gappingItemId: i, gappingText: 'a' })) },
        'invalidRequest',
      ],
      [gapping, { taskType: 'gapping', studentAnswers: [{ gappingItemId: 1, gappingText: 'const' }] }, 'fillEveryGap'],
      [code, { taskType: 'code', solution: 'x'.repeat(50_001) }, 'invalidRequest'],
      [code, { taskType: 'code' }, 'invalidRequest'],
      [code, { taskType: 'code', solution: '   ' }, 'answerEmpty'],
    ] as const;
    for (const [state, payload, key] of refusals) {
      const reply = await e.post(`/api/enrollee/directionTask/${state}`, enrollee.cookie, payload);
      expect({ payload: JSON.stringify(payload).slice(0, 80), status: reply.statusCode, key: reply.json().error?.key }).toEqual({
        payload: JSON.stringify(payload).slice(0, 80),
        status: 400,
        key,
      });
    }
    const readable = await e.post(`/api/enrollee/directionTask/${word}`, enrollee.cookie, {
      taskType: 'word',
      answer: 'const',
      extra: 1,
    });
    expect(readable.json().error.text).toContain('extra: is not an allowed field');
    // nothing was graded: the steps are as new, no attempt was logged
    expect((await e.heading(enrollee.cookie, 1)).json().data.studentPoints).toBe(0);
    const attempts = await t.database.db.selectFrom('task_attempts').select('id').where('student_id', '=', enrollee.id).execute();
    expect(attempts).toEqual([]);
  });
});
