import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { otpSendRequest, otpSendResponse, otpVerifyRequest, otpVerifyResponse } from '@tractorlink/domain/auth';
import type { OtpService } from './service';
import { noQuery } from '../../http/empty-input';

export interface OtpRoutesOptions {
  otp: OtpService;
  authRateLimit: { max: number; timeWindow: number };
}

const tags = ['accounts'];

export const otpRoutes: FastifyPluginAsyncZod<OtpRoutesOptions> = async (app, { otp, authRateLimit: rateLimit }) => {
  app.post('/otp/send', {
    config: { rateLimit },
    schema: { tags, querystring: noQuery, body: otpSendRequest, response: { 200: otpSendResponse } },
    handler: async (request) =>
      otp.send(request.body.mobileNo, request.body.purpose, { address: request.ip, deviceId: request.body.deviceID, language: request.body.language }),
  });

  app.post('/otp/verify', {
    config: { rateLimit },
    schema: { tags, querystring: noQuery, body: otpVerifyRequest, response: { 200: otpVerifyResponse } },
    handler: async (request) =>
      otp.verify(request.body.mobileNo, request.body.purpose, request.body.otp, { address: request.ip, deviceId: request.body.deviceID }),
  });
};
