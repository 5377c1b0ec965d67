import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AddressList, AddressResponse } from '@kasuwa/contracts';
import { Actor, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { pathId } from '../../common/path-id';
import { AddressesService } from './addresses.service';
import { AddressDto } from './dto/address.dto';

const id = (raw: string) => pathId(raw, 'ADDRESS_NOT_FOUND', 'Address not found');

/** The signed-in user's delivery addresses (the checkout's shipping dialog and the profile's Addresses section). */
@ApiTags('addresses')
@Controller('addresses')
@UserAuth()
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  @Get()
  async list(@CurrentActor() actor: Actor): Promise<AddressList> {
    return { data: await this.addresses.list(actor.id) };
  }

  @Post()
  async create(@CurrentActor() actor: Actor, @Body() dto: AddressDto): Promise<AddressResponse & { message: string }> {
    return { message: 'Address saved', data: await this.addresses.create(actor.id, dto) };
  }

  @Put(':id')
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') raw: string,
    @Body() dto: AddressDto,
  ): Promise<AddressResponse & { message: string }> {
    return { message: 'Address updated', data: await this.addresses.update(actor.id, id(raw), dto) };
  }

  @Delete(':id')
  async remove(@CurrentActor() actor: Actor, @Param('id') raw: string): Promise<AddressList & { message: string }> {
    return { message: 'Address deleted', data: await this.addresses.remove(actor.id, id(raw)) };
  }

  @Post(':id/default')
  @HttpCode(200)
  async makeDefault(@CurrentActor() actor: Actor, @Param('id') raw: string): Promise<AddressList & { message: string }> {
    return { message: 'Default address changed', data: await this.addresses.makeDefault(actor.id, id(raw)) };
  }
}
