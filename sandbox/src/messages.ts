import { fail, type Envelope } from './envelope.js';

/**
 * The business failures the sandbox answers, as the real upstream does: each with its own code and a
 * Chinese message (the upstream speaks Chinese whatever the page's language). The portal translates the
 * codes it knows (app/services/upstream-messages.ts) and shows any other message as it is.
 * `{n}` in a message is filled by `failMsg(key, n)`.
 */
export const MESSAGES = {
  companyNotFound: ['100000001', '公司不存在'],
  schoolNotFound: ['100000002', '分校不存在'],
  pageNotFound: ['100000003', '页面不存在'],
  menuNotFound: ['100000004', '菜单不存在'],
  captchaRequired: ['600', '请完成安全验证'],
  wrongAccountOrPassword: ['120010001', '账号或密码错误'],
  accountRequired: ['120010002', '请输入账号'],
  passwordRequired: ['120010003', '请输入密码'],
  tooManyLogins: ['120010004', '登录失败次数过多，请{n}分钟后再试'],
  mobileInvalid: ['120010005', '请输入正确的手机号'],
  smsCodeRequired: ['120010006', '请输入验证码'],
  smsCodeWrong: ['120010007', '验证码错误或已过期'],
  mobileNotRegistered: ['120010008', '该手机号未注册'],
  smsRetryLater: ['120010009', '请{n}秒后再获取验证码'],
  smsDailyLimit: ['120010010', '该手机号今日获取验证码次数已达上限'],
  invalidCacheCode: ['120010011', '登录凭证无效'],
  invalidFaceOrder: ['120010012', '人脸核验订单无效'],
  faceFailed: ['120010013', '人脸核验未通过'],
  invalidCode: ['120010014', '授权码无效或已过期'],
  usernameBound: ['120020001', '用户名已被绑定'],
  phoneBound: ['120020002', '手机号已被绑定'],
  emailBound: ['120020003', '邮箱已被绑定'],
  registrationClosed: ['120020004', '暂未开放注册'],
  usernameRequired: ['120020005', '请输入用户名'],
  usernameFormat: ['120020006', '用户名只能由4-20位字母、数字、下划线组成'],
  mobileRequired: ['120020007', '请输入手机号'],
  mobileFormat: ['120020008', '手机号格式不正确'],
  passwordEmpty: ['120020009', '密码不能为空！'],
  regionRequired: ['120020010', '请填写省、市、县'],
  smsCodeEmpty: ['120020011', '短信验证码不能为空！'],
  phoneVerificationFailed: ['120020012', '手机验证失败'],
  oldPasswordWrong: ['120040001', '原密码错误'],
  passwordLength: ['120040002', '密码长度为6-20位'],
  noPermission: ['120050001', '没有权限'],
  unknownThirdType: ['120060001', '不支持的第三方登录方式'],
  missingParameters: ['120060002', 'Missing parameters'],
  invalidAuthorisation: ['120060003', '第三方授权码无效'],
  qrNotScanned: ['120070001', '二维码尚未扫描'],
  qrExpired: ['120070002', '二维码已过期'],
  notTeacher: ['120080001', '该账号不是教师账号'],
  // personal centre (spec 001 §5, §7, §9): account settings, personal data, custom fields, avatar, uploads
  emailInvalid: ['120130001', '请输入正确的邮箱'],
  usernameAlreadySet: ['120130002', '用户名已设置，不能修改'],
  thirdPartyNotBound: ['120130003', '该第三方账号未绑定'],
  bindMobileFirst: ['120130004', '请先绑定手机号'],
  passwordWrong: ['120130005', '密码错误'],
  imageFormat: ['120130006', '图片只能上传JPG/PNG格式'],
  imageTooLarge: ['120130007', '图片大小不能超过5MB!'],
  imageRequired: ['120130008', '请选择图片'],
  fileTypeNotAllowed: ['120130009', '不支持的文件类型'],
  fileRequired: ['120130010', '请选择文件'],
  fieldListRequired: ['120130011', '请填写资料'],
  fieldNotFound: ['120130012', '字段不存在'],
  fieldSingleValue: ['120130013', '只能填写一个值（{name}）'],
  fieldReadOnly: ['120130014', '不可修改（{name}）'],
  fieldRequired: ['120130015', '必填，请输入相关信息（{name}）'],
  fieldTooLong: ['120130016', '输入长度不能超过{n}（{name}）'],
  fieldOption: ['120130017', '选项无效（{name}）'],
  birthdayTimestamp: ['120130018', '出生日期须为毫秒时间戳'],
  fieldDigits: ['120130019', '只能输入数字（{name}）'],
  fieldDate: ['120130020', '日期格式须为YYYY-MM-DD（{name}）'],
  fieldDateTime: ['120130021', '时间格式须为YYYY-MM-DD HH:mm:ss（{name}）'],
  fieldPeriod: ['120130022', '请填写开始和结束日期（{name}）'],
  groupRequired: ['120130023', '请选择学员分组'],
  proxyRequired: ['120130024', '请选择代理机构'],
  imageInfoRequired: ['120130025', '图片信息不完整（{name}）'],
  imageResourceUnknown: ['120130026', '图片资源不存在（{name}）'],
  /** Spec 001 §6: upload code -600, the file is larger than the limit ('uploaded file too large, keep under 5M'). */
  fileTooLarge: ['-600', '上传文件过大，请控制在5M以内'],
  messageNotFound: ['120131001', '消息不存在'],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof MESSAGES;

/** The failure envelope of a catalogued message; `n` fills `{n}`, `name` fills `{name}` (a field's name). */
export function failMsg(key: MessageKey, n?: number, name?: string): Envelope<null> {
  const [code, message] = MESSAGES[key];
  let text: string = message;
  if (n !== undefined) text = text.replace('{n}', String(n));
  if (name !== undefined) text = text.replace('{name}', name);
  return fail(code, text);
}
