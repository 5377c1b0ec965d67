import { NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { IsInt, IsOptional, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { createValidationPipe } from './validation';

class PageQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page?: number;
}

describe('the validation pipe', () => {
  const pipe = createValidationPipe();

  it('answers a path id, a primitive field and a custom parameter at once, as ValidationPipe would (no promise per parameter)', () => {
    expect(pipe.transform('42', { type: 'param', metatype: Number, data: 'id' })).toBe(42);
    expect(pipe.transform('lagos', { type: 'query', metatype: String, data: 'location' })).toBe('lagos');
    const actor = { id: 1, kind: 'user' };
    expect(pipe.transform(actor, { type: 'custom', metatype: Object })).toBe(actor);
    expect(pipe.transform(undefined, { type: 'param', metatype: Number, data: 'id' })).toBeUndefined();
  });

  it('still refuses an id past int4 (404), NUL in a path parameter (422) and a bad DTO field (422)', async () => {
    expect(() => pipe.transform('99999999999', { type: 'param', metatype: Number, data: 'id' })).toThrow(NotFoundException);
    expect(() => pipe.transform('a\u0000b', { type: 'param', metatype: String, data: 'slug' })).toThrow();
    await expect(pipe.transform({ page: '0' }, { type: 'query', metatype: PageQuery })).rejects.toThrow(UnprocessableEntityException);
    await expect(pipe.transform({ page: '2', junk: 'x' }, { type: 'query', metatype: PageQuery })).resolves.toEqual({ page: 2 });
  });
});
