import { Controller, Get, Header, Query } from '@nestjs/common';
import type { LandingPage } from '@kasuwa/contracts';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/auth.decorators';
import { invalidField, notFound } from '../common/errors';
import { LandingPagesService } from './landing-pages.service';

/** A landing page's subject for the storefront's own navigation (the server renders the first view itself). */
@ApiTags('landing-pages')
@Controller('landing-pages')
export class LandingPagesController {
  constructor(private readonly landings: LandingPagesService) {}

  /** `?path=/lagos/mobile-phones`: the page, under its canonical `path` (an old spelling answers the page it moved to). */
  @Get()
  @Public()
  @ApiQuery({ name: 'path', required: true, description: 'a landing page address: /{state}/{category} or /{state}/{lga}/{category}' })
  @Header('Cache-Control', 'public, max-age=60')
  async get(@Query('path') path?: string): Promise<{ data: LandingPage }> {
    if (typeof path !== 'string' || !path.startsWith('/') || path.length > 300)
      throw invalidField('path', 'path must be a landing page address such as /lagos/cars');
    let found = await this.landings.resolve(path);
    if (found.kind === 'redirect') found = await this.landings.resolve(found.path);
    if (found.kind !== 'page') throw notFound('LANDING_PAGE_NOT_FOUND', 'No such page');
    return { data: found.page };
  }
}
