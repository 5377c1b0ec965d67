import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserAddress } from './entities/user-address.entity';

/** The delivery addresses each user keeps (DECISIONS, third wave: Places). */
@Module({
  imports: [TypeOrmModule.forFeature([UserAddress])],
})
export class AddressesModule {}
