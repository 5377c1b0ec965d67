import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminAuth, Public } from '../../common/auth.decorators';
import { CommissionsService } from './commissions.service';
import { CommissionDto } from './dto/taxonomy.dto';
import { AdminArea } from '../../common/admin-resource';

/** The product's commission calls: `GET` answers a bare array. */
@ApiTags('commissions')
@AdminArea('commissions')
@Controller('commission')
export class CommissionsController {
  constructor(private readonly commissions: CommissionsService) {}

  @Get()
  @Public()
  list() {
    return this.commissions.listAll();
  }

  @Post()
  @AdminAuth()
  create(@Body() dto: CommissionDto) {
    return this.commissions.create(dto);
  }

  @Put(':id')
  @AdminAuth()
  update(@Param('id', ParseIntPipe) id: number, @Body() dto: CommissionDto) {
    return this.commissions.update(id, dto);
  }

  @Delete(':id')
  @AdminAuth()
  remove(@Param('id', ParseIntPipe) id: number) {
    return this.commissions.remove(id);
  }
}
