import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LocationsModule } from '../locations/locations.module';
import { AddressesController } from './addresses.controller';
import { AddressesService } from './addresses.service';
import { UserAddress } from './entities/user-address.entity';

/** The delivery addresses each user keeps (docs/delivery.md: Places). */
@Module({
  imports: [TypeOrmModule.forFeature([UserAddress]), LocationsModule],
  controllers: [AddressesController],
  providers: [AddressesService],
  exports: [AddressesService],
})
export class AddressesModule {}
