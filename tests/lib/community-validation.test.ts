import { describe, expect, it } from 'vitest';
import { ANONYMOUS } from '../../src/lib/community/format';
import { LIMITS } from '../../src/lib/community/limits';
import { messages } from '../../src/lib/community/messages';
import {
  characterCount,
  hasStackedMarks,
  lineCount,
  linkCount,
  normaliseIdea,
  normalisePost,
  validateIdea,
  validatePost,
} from '../../src/lib/community/validation';

describe('normalising rows', () => {
  it('trims a post and sends an empty name as null', () => {
    expect(normalisePost({ content: '  words \n', authorName: '   ' })).toEqual({
      content: 'words',
      author_name: null,
    });
    expect(normalisePost({ content: 'w', authorName: ' Maro ' })).toEqual({ content: 'w', author_name: 'Maro' });
  });

  it('leaves out NUL characters, which nothing shows and the database cannot store', () => {
    expect(normalisePost({ content: 'before\0after', authorName: '\0' })).toEqual({
      content: 'beforeafter',
      author_name: null,
    });
    expect(normaliseIdea({ issue: 'i\0', mitigation: '\0m', proposedBy: 'Ma\0ro', notes: '\0' })).toEqual({
      issue: 'i',
      mitigation: 'm',
      proposed_by: 'Maro',
      notes: null,
    });
    expect(validatePost({ content: '\0\0', authorName: '' })?.reason).toBe('blank');
  });

  it('defaults the proposer to Anonymous and empty notes to null', () => {
    expect(normaliseIdea({ issue: ' i ', mitigation: ' m ', proposedBy: ' ', notes: '' })).toEqual({
      issue: 'i',
      mitigation: 'm',
      proposed_by: ANONYMOUS,
      notes: null,
    });
  });
});

describe('validation mirrors the database', () => {
  it('refuses an empty post with the spec message', () => {
    expect(validatePost({ content: ' \u3000\n' })).toMatchObject({ reason: 'blank', title: messages.emptyPost.title });
    expect(validatePost({ content: 'a' })).toBeNull();
  });

  it('refuses an idea without issue or mitigation with the spec message', () => {
    expect(validateIdea({ issue: 'x', mitigation: ' ' })).toMatchObject({ title: 'Missing Fields' });
    expect(validateIdea({ issue: ' ', mitigation: 'x' })?.description).toBe(
      'Please provide at least an Issue and a Solution.',
    );
  });

  it('counts characters as Postgres does (code points)', () => {
    expect(characterCount('🌳🌳')).toBe(2);
    expect(validatePost({ content: '🌳'.repeat(LIMITS.postContent) })).toBeNull();
    expect(validatePost({ content: '🌳'.repeat(LIMITS.postContent + 1) })?.reason).toBe('too-long');
    expect(validatePost({ content: 'a', authorName: 'n'.repeat(LIMITS.authorName + 1) })?.reason).toBe('too-long');
    expect(validateIdea({ issue: 'i'.repeat(LIMITS.ideaIssue + 1), mitigation: 'm' })?.description).toContain('300');
    expect(
      validateIdea({ issue: 'i', mitigation: 'm', notes: 'n'.repeat(LIMITS.ideaNotes + 1) })?.description,
    ).toContain('note');
  });

  it('counts links as the CHECK constraints do', () => {
    expect(linkCount('HTTPS://a http://b www.c wwwd https:/e')).toBe(3);
    expect(validatePost({ content: 'http://a www.b' })).toBeNull();
    expect(validatePost({ content: 'http://a www.b https://c' })?.reason).toBe('too-many-links');
    expect(validateIdea({ issue: 'www.a', mitigation: 'http://b', notes: 'https://c' })).toBeNull();
    expect(validateIdea({ issue: 'www.a', mitigation: 'http://b', notes: 'https://c www.d' })?.reason).toBe(
      'too-many-links',
    );
  });
});

describe('invisible and disguised text', () => {
  it('refuses text made only of invisible characters as blank', () => {
    for (const nothing of [
      '\u200b\u2060',
      '\u3164\u115f\u1160\uffa0',
      '\u2800',
      '\u180e\u00ad',
      '\u{e0041}\ufe0f',
      '\u202e\u2066',
    ]) {
      expect(validatePost({ content: nothing })?.reason).toBe('blank');
      expect(validateIdea({ issue: nothing, mitigation: 'm' })?.title).toBe('Missing Fields');
    }
    expect(validatePost({ content: '\u200bκαλημέρα\u200d' })).toBeNull();
  });

  it('sends an invisible name as no name at all', () => {
    expect(normalisePost({ content: 'a', authorName: '\u200b\u3164' }).author_name).toBeNull();
    expect(normaliseIdea({ issue: 'i', mitigation: 'm', proposedBy: '\u2800', notes: '\u2060' })).toMatchObject({
      proposed_by: 'Anonymous',
      notes: null,
    });
  });

  it('refuses direction controls in names', () => {
    expect(validatePost({ content: 'a', authorName: 'Yiannis\u202eexe.txt' })?.reason).toBe('direction-controls');
    expect(validateIdea({ issue: 'i', mitigation: 'm', proposedBy: '\u2067Aion\u2069' })?.reason).toBe(
      'direction-controls',
    );
    expect(validatePost({ content: 'a', authorName: 'שָׁלוֹם' })).toBeNull();
  });

  it('refuses format characters, marks alone, private-use and unassigned code points as blank', () => {
    for (const nothing of ['\u{1bca0}', '\u{13430}', '\u{1d159}', '\u16fd', '\u20e3', '\u0301', '\ue000', '\ufffc']) {
      expect(validatePost({ content: `${nothing} ${nothing}` })?.reason).toBe('blank');
    }
    expect(validatePost({ content: '\u0489'.repeat(59) })?.reason).toBe('blank');
    expect(normalisePost({ content: 'a', authorName: '\u0489'.repeat(59) }).author_name).toBeNull();
  });

  it('takes four combining marks in a row and refuses five, in every field', () => {
    const four = 'Zo\u0308\u0301\u0300\u0304e';
    const five = 'a\u0301\u0302\u0303\u0304\u0305';
    expect(hasStackedMarks(four)).toBe(false);
    expect(hasStackedMarks(five)).toBe(true);
    expect(hasStackedMarks('a\u0301\u200d\u0301\u200b\u0301\u2060\u0301\ufeff\u0301')).toBe(true);
    expect(hasStackedMarks('Việt Nam, שָׁלוֹם, नमस्ते, 1️⃣, 👩‍👩‍👧')).toBe(false);
    expect(validatePost({ content: four, authorName: four })).toBeNull();
    expect(validatePost({ content: five })).toMatchObject({
      reason: 'stacked-marks',
      title: 'Error submitting post',
      description:
        'Your message piles more than 4 accents onto a single letter, and they would spill across the page. Please keep to 4 or fewer and try again.',
    });
    expect(validatePost({ content: 'a', authorName: five })?.description).toMatch(/^Your name piles/);
    expect(validateIdea({ issue: five, mitigation: 'm' })).toMatchObject({
      reason: 'stacked-marks',
      title: 'Submission Failed',
    });
    expect(validateIdea({ issue: 'i', mitigation: 'm', notes: five })?.description).toMatch(/^Your note piles/);
  });

  it('counts disguised links, one per link', () => {
    expect(linkCount('h\u200bttps://a w\u2060ww.b ex\u00adample.com')).toBe(3);
    expect(linkCount('https://www.example.org/a')).toBe(1);
    expect(linkCount('hxxp://a hxxps://b')).toBe(2);
    expect(linkCount('example.com, shop.example.net/x')).toBe(2);
    expect(linkCount('ｈｔｔｐｓ：／／a ｗｗｗ．b')).toBe(2);
    expect(linkCount('evil[.]com x(.)org')).toBe(2);
    expect(linkCount('e.g. 3.14, i.e. nothing. Mr.Smith, v2.0; end.')).toBe(0);
  });
});

describe('text that draws over its card', () => {
  const khmer = (subscripts: number) => `\u1780${'\u17d2\u1780'.repeat(subscripts)}`;

  it('refuses a letter with more than four consonants joined under it, in every field', () => {
    expect(hasStackedMarks(khmer(500))).toBe(true);
    expect(hasStackedMarks(khmer(5))).toBe(true);
    expect(hasStackedMarks(khmer(4))).toBe(false);
    // Zero-width joiners between them do not end the run; marks between them do not either.
    expect(hasStackedMarks(`\u1780${'\u17d2\u200d\u1780'.repeat(5)}`)).toBe(true);
    expect(hasStackedMarks(`\u0958${'\u094d\u0958'.repeat(60)}`)).toBe(true);
    expect(hasStackedMarks(`\u0915${'\u093c\u094d\u0915'.repeat(5)}`)).toBe(true);
    expect(hasStackedMarks(`\u1000${'\u1039\u1000'.repeat(5)}`)).toBe(true);
    expect(validatePost({ content: khmer(500) })).toMatchObject({
      reason: 'stacked-marks',
      title: 'Error submitting post',
      description:
        'Your message piles more than 4 accents onto a single letter, and they would spill across the page. Please keep to 4 or fewer and try again.',
    });
    expect(validatePost({ content: 'a', authorName: khmer(5) })?.description).toMatch(/^Your name piles/);
    expect(validateIdea({ issue: 'i', mitigation: khmer(5) })?.description).toMatch(/^Your mitigation piles/);
  });

  it('refuses more than four conjoining jamo of one kind in a row, fillers included', () => {
    for (const block of [
      `\u1100${'\u1161'.repeat(500)}`,
      `${'\u1100'.repeat(500)}\u1161`,
      `\uac00${'\u11a8'.repeat(500)}`,
      '\ua960\ua961\ua962\ua963\ua964\u1161',
      '\u1100\u1161\ud7cb\ud7cc\ud7cd\ud7ce\ud7cf',
      '\u1100\u1160\u1160\u1160\u1160\u1160',
      `${'\u1100\u115f'.repeat(3)}\u1161`,
    ]) {
      expect(hasStackedMarks(block), block).toBe(true);
    }
    expect(hasStackedMarks('\u1100\u1101\u1102\u1103\u1161\u1162\u1163\u1164\u11a8\u11a9\u11aa\u11ab')).toBe(false);
    expect(validateIdea({ issue: 'i', mitigation: 'm', proposedBy: `\u1100${'\u1161'.repeat(5)}` })).toMatchObject({
      reason: 'stacked-marks',
      title: 'Submission Failed',
    });
  });

  it('takes real Korean, Khmer, Sanskrit and other Brahmic writing', () => {
    for (const text of [
      '대한민국의 수도는 서울입니다. 오늘 날씨가 참 좋네요!',
      '대한민국의 수도는 서울입니다. 오늘 날씨가 참 좋네요!'.normalize('NFD'),
      '\u1107\u1109\u1100\u1169\u1161\u1175\u11af\u11a8\u11ba',
      'ខ្ញុំស្រឡាញ់ភាសាខ្មែរ។ ស្ត្រីនិងកុមារទៅសាលារៀន។ រាស្ត្រ',
      'कार्त्स्न्यम् — न्यायशास्त्र, मत्स्य; ভাষা, ಸ್ತ್ರೀ, స్త్రీ, ပုဂ္ဂိုလ်',
    ]) {
      expect(hasStackedMarks(text), text).toBe(false);
      expect(validatePost({ content: text, authorName: text.slice(0, 20) })).toBeNull();
    }
  });
});

describe('links spelled another way', () => {
  it('counts ideographic dots, backslashes, a leading // and t.me', () => {
    expect(linkCount('example。com evil｡net')).toBe(2);
    expect(linkCount('www。a。example www｡b')).toBe(2);
    expect(linkCount('https:\\\\a.example http:\\/b.example hxxps:/\\c.example')).toBe(3);
    expect(linkCount('//a.example/x (//b.example) //c。example')).toBe(3);
    expect(linkCount('t.me/joinchat wa.me/123')).toBe(2);
    expect(validatePost({ content: 't.me/a //b.example https:\\\\c.example' })?.reason).toBe('too-many-links');
    expect(
      validateIdea({ issue: 't.me/a', mitigation: 'https:\\\\b.example', notes: '//c.example d。com' })?.reason,
    ).toBe('too-many-links');
  });

  it('does not count Japanese prose, laughter or slashes that lead to no host', () => {
    expect(linkCount('東京へ行きました。とても楽しかったです。使っている言語はGo。TypeScriptも好きです。')).toBe(0);
    expect(linkCount('面白かったwww。明日もwww｡ ｡ﾃｽﾄ｡')).toBe(0);
    expect(linkCount('and/or // a comment, 1//2, 3.14// and')).toBe(0);
    expect(linkCount('Call me.Maybe not: me too, it.mean')).toBe(0);
  });
});

describe('lines in a post', () => {
  const lines = (count: number, separator = '\n') =>
    Array.from({ length: count }, (_, i) => `line ${i}`).join(separator);

  it(`takes ${LIMITS.postLines} lines and refuses one more, in the forum's words`, () => {
    expect(validatePost({ content: lines(LIMITS.postLines) })).toBeNull();
    expect(validatePost({ content: lines(LIMITS.postLines + 1) })).toMatchObject({
      reason: 'too-many-lines',
      title: 'Error submitting post',
      description: `Your message runs past ${LIMITS.postLines} lines and would stretch a long way down the grove. Please join some of them and try again.`,
    });
  });

  it('counts every break a browser may make, a CR LF pair once', () => {
    expect(lineCount('one')).toBe(1);
    expect(lineCount('a\r\nb')).toBe(2);
    expect(lineCount('a\n\rb')).toBe(3);
    for (const separator of ['\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029']) {
      expect(lineCount(lines(3, separator))).toBe(3);
    }
  });

  it('counts the text as sent: line breaks trimmed from its ends do not count', () => {
    expect(validatePost({ content: `${'\n'.repeat(100)}${lines(LIMITS.postLines)}${'\n'.repeat(100)}` })).toBeNull();
  });
});
