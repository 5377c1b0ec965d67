import { Body, Controller, Get, Put, UseInterceptors } from '@nestjs/common';
import { FileInterceptor, UploadedFile } from '../storage/photo-uploads';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { MAX_IMAGE_BYTES, type UploadedImage } from '../storage/image.service';
import { ContactChannelsDto, UpdateProfileDto } from './dto/profile.dto';
import { UsersService } from './users.service';

@ApiTags('profile')
@Controller('profile')
@UserAuth()
export class ProfileController {
  constructor(private readonly users: UsersService) {}

  @Get('me')
  async me(@CurrentActor() actor: Actor) {
    return { data: await this.users.profile(actor.id) };
  }

  @Put('update')
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(FileInterceptor('profileImage', { limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1 } }))
  async update(@CurrentActor() actor: Actor, @Body() dto: UpdateProfileDto, @UploadedFile() photo?: UploadedImage) {
    return { message: 'Profile updated successfully', data: await this.users.update(actor.id, dto, photo) };
  }

  /** The Add Contact dialog: WhatsApp, Email, Instagram, Twitter, Facebook. */
  @Put('contacts')
  async contacts(@CurrentActor() actor: Actor, @Body() dto: ContactChannelsDto) {
    return { message: 'Contact channels saved', data: await this.users.updateContacts(actor.id, dto) };
  }

  // DELETE /profile/me (account deletion) writes across modules: flows/account-deletion.controller.ts.
}
