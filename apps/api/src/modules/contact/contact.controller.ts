import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { Actor, CurrentActor, OptionalUserAuth } from '../../common/auth.decorators';
import { RateLimit } from '../../common/rate-limit';
import { ContactMessageDto } from './dto/contact.dto';
import { ContactService } from './contact.service';

@ApiTags('contact')
@Controller('contact-us')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** Anyone may write; a signed-in sender is linked by their token. Limited against spam (CONTACT_RATE_LIMIT a minute per client). */
  @Post()
  @OptionalUserAuth()
  @UseGuards(ThrottlerGuard)
  @RateLimit('contactPerMinute')
  async send(@Body() dto: ContactMessageDto, @CurrentActor() actor?: Actor) {
    const data = await this.contact.send(dto, actor?.kind === 'user' ? actor.id : null);
    return { success: true, message: 'Message sent successfully!', data };
  }
}
