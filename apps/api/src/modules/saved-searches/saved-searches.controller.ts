import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SavedSearchesResponse } from '@kasuwa/contracts';
import { Actor, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { notFound } from '../../common/errors';
import { CreateSavedSearchDto } from './dto/saved-searches.dto';
import { SavedSearchesService } from './saved-searches.service';

/** The signed-in user's saved searches (listed on the profile, e-mailed daily with new matches). */
@ApiTags('saved-searches')
@Controller('saved-searches')
@UserAuth()
export class SavedSearchesController {
  constructor(private readonly saved: SavedSearchesService) {}

  @Get()
  async list(@CurrentActor() actor: Actor): Promise<SavedSearchesResponse> {
    return { data: await this.saved.list(actor.id) };
  }

  @Post()
  async create(@CurrentActor() actor: Actor, @Body() dto: CreateSavedSearchDto): Promise<SavedSearchesResponse & { message: string }> {
    return { message: 'Search saved. We will e-mail you new matches once a day.', data: await this.saved.create(actor.id, dto) };
  }

  @Delete(':id')
  async remove(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<SavedSearchesResponse & { message: string }> {
    if (!/^\d{1,9}$/.test(id)) throw notFound('SAVED_SEARCH_NOT_FOUND', 'Saved search not found.');
    return { message: 'Saved search removed', data: await this.saved.remove(actor.id, Number(id)) };
  }
}
