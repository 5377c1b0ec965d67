import { DATA_SAVER_COOKIE } from '@kasuwa/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { dataSaverChosen, dataSaverCookie, dataSaverOn, setDataSaver } from './dataSaver';

describe('data-saver toggle', () => {
  afterEach(() => {
    document.cookie = `${DATA_SAVER_COOKIE}=; max-age=0; path=/`;
    delete document.documentElement.dataset.dataSaver;
  });

  it("follows the visitor's choice first, else the browser's Save-Data setting", () => {
    expect(dataSaverChosen({ cookie: '', saveData: true })).toBe(true);
    expect(dataSaverChosen({ cookie: '', saveData: undefined })).toBe(false);
    expect(dataSaverChosen({ cookie: `a=1; ${DATA_SAVER_COOKIE}=off`, saveData: true })).toBe(false);
    expect(dataSaverChosen({ cookie: `${DATA_SAVER_COOKIE}=on; b=2`, saveData: false })).toBe(true);
  });

  it('remembers the choice in a cookie for a year, for the whole site', () => {
    expect(dataSaverCookie(true)).toBe(`${DATA_SAVER_COOKIE}=on;path=/;max-age=31536000;samesite=lax`);
    setDataSaver(true);
    expect(document.cookie).toContain(`${DATA_SAVER_COOKIE}=on`);
    expect(dataSaverOn()).toBe(true); // no prefetching from now on
    setDataSaver(false);
    expect(document.cookie).toContain(`${DATA_SAVER_COOKIE}=off`);
    expect(dataSaverOn()).toBe(false);
  });
});
