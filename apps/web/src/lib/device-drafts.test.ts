import { describe, expect, it } from 'vitest';
import { clearDeviceDrafts, readDeviceDraft, writeDeviceDraft } from './device-drafts';

const DANA = { userId: 'dana', familyId: 'smiths' };

describe('drafts kept on the device (issue 29)', () => {
  it('are kept per user and family', () => {
    writeDeviceDraft('plan:new', DANA, { title: 'Weekend' });
    expect(readDeviceDraft('plan:new', DANA)).toEqual({ title: 'Weekend' });
    expect(readDeviceDraft('plan:new', { ...DANA, userId: 'sam' })).toBeNull();
    expect(readDeviceDraft('plan:new', { ...DANA, familyId: 'joneses' })).toBeNull();
  });

  it('null removes one; clearing forgets them all and nothing else', () => {
    localStorage.setItem('mui-mode', 'dark');
    writeDeviceDraft('plan:new', DANA, 1);
    writeDeviceDraft('plan:p-1', DANA, 2);
    writeDeviceDraft('plan:new', DANA, null);
    expect(readDeviceDraft('plan:new', DANA)).toBeNull();
    clearDeviceDrafts();
    expect(readDeviceDraft('plan:p-1', DANA)).toBeNull();
    expect(localStorage.getItem('mui-mode')).toBe('dark');
  });

  it('something that is not JSON reads as nothing', () => {
    localStorage.setItem('kkb:draft:dana:smiths:plan:new', '{not json');
    expect(readDeviceDraft('plan:new', DANA)).toBeNull();
  });
});
