// The en catalogue, one file per section: a feature adds its own section file and one line here.
import accountMail from './en/accountMail.json' with { type: 'json' };
import admin from './en/admin.json' with { type: 'json' };
import app from './en/app.json' with { type: 'json' };
import auth from './en/auth.json' with { type: 'json' };
import backups from './en/backups.json' with { type: 'json' };
import capture from './en/capture.json' with { type: 'json' };
import common from './en/common.json' with { type: 'json' };
import contactUs from './en/contactUs.json' with { type: 'json' };
import contacts from './en/contacts.json' with { type: 'json' };
import email from './en/email.json' with { type: 'json' };
import errors from './en/errors.json' with { type: 'json' };
import generation from './en/generation.json' with { type: 'json' };
import ideas from './en/ideas.json' with { type: 'json' };
import landing from './en/landing.json' with { type: 'json' };
import linkedin from './en/linkedin.json' with { type: 'json' };
import nav from './en/nav.json' with { type: 'json' };
import recipients from './en/recipients.json' with { type: 'json' };
import notFound from './en/notFound.json' with { type: 'json' };
import notices from './en/notices.json' with { type: 'json' };
import photos from './en/photos.json' with { type: 'json' };
import publicAddress from './en/publicAddress.json' with { type: 'json' };
import schedule from './en/schedule.json' with { type: 'json' };
import settings from './en/settings.json' with { type: 'json' };
import summeris from './en/summeris.json' with { type: 'json' };
import telegram from './en/telegram.json' with { type: 'json' };
import templates from './en/templates.json' with { type: 'json' };
import titles from './en/titles.json' with { type: 'json' };
import validation from './en/validation.json' with { type: 'json' };

export default {
  accountMail,
  admin,
  app,
  auth,
  backups,
  capture,
  common,
  contactUs,
  contacts,
  email,
  errors,
  generation,
  ideas,
  landing,
  linkedin,
  nav,
  recipients,
  notFound,
  notices,
  photos,
  publicAddress,
  schedule,
  settings,
  summeris,
  telegram,
  templates,
  titles,
  validation,
};
