import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('text', { name: 'display_name' })
  displayName: string;

  @Column('text')
  email: string;

  @Column('text', { name: 'photo_url', nullable: true })
  photoURL: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
