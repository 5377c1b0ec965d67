import { Controller, ForbiddenException, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { Public } from '../../common/auth.decorators';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { addressAllowed } from '../../config/scale.config';
import { MetricsService } from './metrics.service';

/** Prometheus scrape target. Only for the monitoring network (METRICS_ALLOW, by peer address) or a METRICS_TOKEN bearer. */
@ApiExcludeController()
@Controller('metrics')
@Public()
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  @Get()
  async scrape(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    if (!this.allowed(req)) {
      throw new ForbiddenException('Metrics are served only to the network in METRICS_ALLOW or with the METRICS_TOKEN bearer token');
    }
    void res.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }

  private allowed(req: FastifyRequest): boolean {
    // The socket's peer, not X-Forwarded-For: a client writes that header, the network does not lie about the peer.
    if (addressAllowed(this.cfg.scale.metrics.allow, req.socket.remoteAddress)) return true;
    const token = this.cfg.scale.metrics.token;
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !given) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
