import { UnprocessableEntityException } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MobilePhone, NG_PHONE, normalisePhone, PersonName } from './person-fields';
import { createValidationPipe } from './validation';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The fields as they were written on each form before they were shared: the answers must stay the same. */
class Stacked {
  @Transform(trim) @MaxLength(80) @IsString() @IsNotEmpty({ message: 'First name is required' }) firstName: string;
  @Transform(normalisePhone)
  @IsString()
  @IsNotEmpty({ message: 'Phone number is required' })
  @Matches(NG_PHONE, { message: 'Enter a Nigerian phone number, e.g. 08031234567' })
  phone: string;
}

class Shared {
  @PersonName('First name') firstName: string;
  @MobilePhone() phone: string;
}

const pipe = createValidationPipe();
async function answer(metatype: new () => object, body: object): Promise<unknown> {
  try {
    return await pipe.transform(body, { type: 'body', metatype });
  } catch (e) {
    if (e instanceof UnprocessableEntityException) return e.getResponse();
    throw e;
  }
}

describe('the shared name and phone fields', () => {
  it.each([
    { firstName: '', phone: '' },
    { firstName: '   ', phone: '0803' },
    { firstName: 42, phone: 8031234567 },
    { firstName: 'x'.repeat(81), phone: null },
    { firstName: ['Ada'], phone: ['08031234567'] },
    { firstName: ' Ada ', phone: '0803 123 4567' },
  ])('answer %j as the fields written out did (the first failing check names the problem)', async (body) => {
    expect(await answer(Shared, body)).toEqual(await answer(Stacked, body));
  });

  it('names the problem the forms show', async () => {
    expect(JSON.stringify(await answer(Shared, { firstName: '', phone: '' }))).toMatch(
      /First name is required.*Enter a Nigerian phone number/,
    );
  });
});
