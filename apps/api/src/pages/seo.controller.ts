import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { notFound } from '../common/errors';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../common/auth.decorators';
import { SeoService } from './seo.service';

/** /sitemap.xml (an index), its children under /sitemaps/ and /robots.txt at the site root (excluded from the /api prefix). */
@ApiExcludeController()
@Controller()
@Public()
export class SeoController {
  constructor(private readonly seo: SeoService) {}

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  sitemap() {
    return this.seo.sitemapIndex();
  }

  /** A child of the index, gzipped (`.xml.gz`: served as the gzip file it is, not re-encoded). */
  @Get('sitemaps/:name')
  child(@Param('name') name: string, @Res() res: FastifyReply) {
    const body = this.seo.sitemapChild(name);
    if (!body) throw notFound('NOT_FOUND', 'No such sitemap');
    return res.header('Content-Type', 'application/gzip').header('Cache-Control', 'public, max-age=3600').send(body);
  }

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  robots() {
    return this.seo.robots();
  }
}
