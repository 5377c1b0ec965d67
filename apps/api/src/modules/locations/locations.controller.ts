import { Controller, Get, Header, Param } from '@nestjs/common';
import type { LgaList } from '@kasuwa/contracts';
import { pathId } from '../../common/path-id';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth.decorators';
import { LocationsService } from './locations.service';

/** The fixed list of states, cities and LGAs the listing, address and search forms offer. */
@ApiTags('locations')
@Controller('locations')
export class LocationsController {
  constructor(private readonly locations: LocationsService) {}

  /** Changes only with a release: browsers and proxies may keep it a day. */
  @Get()
  @Public()
  @Header('Cache-Control', 'public, max-age=86400')
  list() {
    return this.locations.list();
  }

  /** The local government areas of one state (774 in all), for the address and listing forms. */
  @Get(':stateId/lgas')
  @Public()
  @Header('Cache-Control', 'public, max-age=86400')
  async lgas(@Param('stateId') stateId: string): Promise<LgaList> {
    return { data: await this.locations.lgas(pathId(stateId, 'STATE_NOT_FOUND', 'No such state')) };
  }
}
