import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth.decorators';
import { LocationsService } from './locations.service';

/** The fixed list of states and cities the listing form and the search panel offer. */
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
}
