import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { UploadForm, type UploadFormAnswer } from "~/components/upload/UploadForm";
import { homeworkScene, uploadWholeVideo, videoFileOptions } from "~/services/homework-video.server";
import { checkVideoNameAndSize, VIDEO_EXTENSIONS } from "~/services/video-rules";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { canSubmit, deleteOwnAttachment, homeworkDetail, saveHomework } from "~/services/homework.server";
import { requireValidPost, requireValidUpload } from "~/lib/portal.server";
import { resourceFileOptions } from "~/services/resource-upload.server";
import { getUploadTarget, newStorageKey, sendStoredFile, storageErrorCode, storageFailureStatus, uploadOwner } from "~/services/storage.server";
import { checkNameAndSize } from "~/services/upload-rules";
import { readFileUpload } from "~/lib/http/upload.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { AttachmentDeleteSchema, HomeworkTextSchema } from "~/forms/learner";
import { refused } from "~/lib/http/form-result.server";
import { formAction } from "~/lib/http/form-failure.server";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { isFormFailure, keptIdemKey, ownAnswer } from "~/forms/form-failure";
import { newCreateKey, oneCreate } from "~/lib/state/one-create.server";
import { DeleteOutcome } from "~/components/upload/DeleteOutcome";
import { Button, buttonClass } from "~/components/ui/Button";
import { HiddenInput, Input, Textarea } from "~/components/ui/Input";

export const handle = { i18n: ["files"] } satisfies RouteHandle;

type Answer = { error?: string; message?: string; saved?: boolean; deleted?: boolean; content?: string; video?: UploadFormAnswer };

const VIDEO_ACCEPT = VIDEO_EXTENSIONS.map((e) => `.${e}`).join(",");

const idOf = (params: { id?: string }) => (/^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : undefined);

/** `/homework/<id>`: the homework, the student's submission and its attachments; write and save (spec 001 §7). */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const id = idOf(args.params);
  if (id === undefined) throw new Response("not found", { status: 404 });
  const [detail, refusal, i18n] = await Promise.all([
    homeworkDetail(portal.upstream, id).catch((error) => {
      if (error instanceof UpstreamError && error.kind === "business") throw new Response("not found", { status: 404 });
      throw error;
    }),
    canSubmit(portal.upstream, id),
    namespaces(args.request, handle),
  ]);
  return data({ detail, refusal: refusal ?? null, i18n, idemKey: newCreateKey() }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const id = idOf(args.params);
    if (id === undefined) return data<Answer>({ error: "malformed" }, { status: 400 });
    if (!(args.request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      const { formData } = await requireValidPost(args);
      const portal = await requireStudent(args);
      const submission = parseWithZod(formData, { schema: AttachmentDeleteSchema });
      if (submission.status !== "success") return refused(submission, { error: "malformed" } satisfies Answer);
      const resId = submission.value.id;
      // another student's attachment (or a gone one): nothing is deleted, and the page says so (issue 21)
      if (!(await deleteOwnAttachment(portal.upstream, id, resId))) return data<Answer>({ error: "notOwned" }, { status: 404 });
      return data<Answer>({ deleted: true });
    }
    if (new URL(args.request.url).searchParams.has("video")) {
      // a homework video without JavaScript (decision 037): at most 5 MB, the storage check first
      const { upload } = await requireValidUpload(args, (request) => readFileUpload(request, videoFileOptions));
      try {
        const portal = await requireStudent(args);
        const answer = await uploadWholeVideo(portal, id, upload, args.request.signal);
        return data<Answer>({ video: answer.data as UploadFormAnswer }, { status: answer.init?.status ?? 200 });
      } finally {
        await upload.file?.remove();
      }
    }
    const { upload } = await requireValidUpload(args, (request) => readFileUpload(request, resourceFileOptions));
    try {
      const portal = await requireStudent(args);
      const text = parseWithZod(upload.formData, { schema: HomeworkTextSchema });
      // what was typed comes back with any refusal (the page fills the text area with it)
      const content = typeof text.payload.content === "string" ? text.payload.content : "";
      if (upload.error && upload.error !== "required") return data<Answer>({ error: upload.error, content }, { status: 400 });
      if (text.status !== "success") return refused(text, { error: "content", content } satisfies Answer);
      // the storage upload and the hand-in: once per key (a double tap sends the file once, decision 095)
      return await oneCreate(args, "homework", async () => {
        const refusal = await canSubmit(portal.upstream, id);
        if (refusal !== undefined) return data<Answer>({ error: "server", message: refusal, content }, { status: 400 });
        const attachments = [];
        if (upload.file) {
          const rule = checkNameAndSize(upload.file.name, upload.file.size);
          if (rule) return data<Answer>({ error: rule, content }, { status: 400 });
          const target = await getUploadTarget(portal.upstream);
          const key = newStorageKey(uploadOwner(portal, homeworkScene(id)), upload.file.name);
          try {
            await sendStoredFile(target, key, upload.file, args.request.signal);
          } catch (error) {
            const code = storageErrorCode(error);
            if (!code) throw error;
            return data<Answer>({ error: code, content }, { status: storageFailureStatus(error, code) });
          }
          attachments.push({ fileName: upload.file.name, sourcePath: key, sourceSize: upload.file.size });
        }
        try {
          await saveHomework(portal.upstream, id, text.value.content, attachments);
        } catch (error) {
          if (error instanceof UpstreamError && error.kind === "business")
            return data<Answer>({ error: "server", message: error.upstreamMessage ?? "", content }, { status: 400 });
          throw error;
        }
        // spec 001 §7 gotoFinishHomeworkPage: the finish page says it is done and what comes next
        throw redirect(`/homework/finish/${id}`, 303);
      });
    } finally {
      await upload.file?.remove();
    }
  });
}

export default function HomeworkPage() {
  const { detail, refusal, i18n, idemKey } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "files");
  const posted = useActionData<typeof action>();
  const answer = ownAnswer(posted) as Answer | undefined;
  // decision 042: the save met an upstream failure: the text typed comes back with the message
  const failed = isFormFailure(posted) ? posted : undefined;
  const navigation = useNavigation();
  const error = answer?.error
    ? answer.error === "server"
      ? answer.message || t("errors.-601")
      : t(`errors.${answer.error}`, { defaultValue: t("errors.-601") })
    : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <p className="text-sm">
        <Link to="/homework/list" className="text-brand-strong underline">
          {t("homework.back")}
        </Link>
      </p>
      <h1 className="text-xl font-bold">{detail.title}</h1>
      <p className="text-sm text-gray-600">
        {detail.courseName} · {detail.lessonName}
      </p>
      {detail.deadline ? <p className="text-sm text-gray-600">{t("homework.deadline", { date: detail.deadline })}</p> : null}
      <p className="whitespace-pre-wrap rounded bg-gray-50 p-3">{detail.content}</p>
      <p className="flex flex-wrap gap-4 text-sm">
        <Link to={`/homework/preview/${detail.homeworkId}`} className="text-brand-strong underline">
          {t("homework.preview")}
        </Link>
        {detail.submission ? (
          <Link to={`/homework/finish/${detail.homeworkId}`} className="text-brand-strong underline">
            {t("homework.finishLink")}
          </Link>
        ) : null}
      </p>

      {detail.submission ? (
        <section aria-labelledby="hw-mine" className="space-y-2" data-testid="homework-submission">
          <h2 id="hw-mine" className="text-lg font-semibold">
            {t("homework.mine")}
          </h2>
          <p className="whitespace-pre-wrap">{detail.submission.content}</p>
        </section>
      ) : null}
      {detail.attachments.length ? (
        <ul className="space-y-1" aria-label={t("homework.attachments")}>
          {detail.attachments.map((a) => (
            <li key={a.id} className="flex items-center gap-3 text-sm" data-testid="homework-attachment">
              <span className="break-all">{a.fileName}</span>
              {refusal === null ? (
                <Form method="post">
                  <AuthenticityTokenInput name="csrf" />
                  <HiddenInput name="id" value={a.id} />
                  <Button type="submit" name="intent" value="delete-attachment" variant="dangerLink">
                    {t("resources.delete")}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {answer?.saved ? (
        <p role="status" className="text-green-700">
          {t("homework.saved")}
        </p>
      ) : null}
      <DeleteOutcome deleted={Boolean(answer?.deleted)} notOwned={answer?.error === "notOwned"} testId="attachment" />
      {detail.videos.length ? (
        <ul className="space-y-1" aria-label={t("homework.videos")}>
          {detail.videos.map((v) => (
            <li key={v.id} className="text-sm break-all" data-testid="homework-video">
              {v.fileName}
            </li>
          ))}
        </ul>
      ) : null}
      {refusal !== null ? (
        <p role="alert" className="text-red-700" data-testid="homework-refusal">
          {refusal || t("homework.closed")}
        </p>
      ) : detail.paper === 1 ? (
        // a paper homework is answered on the question bank's doing page (spec 001 §7 gotoPaperHomeworkPage)
        <p>
          <Link to={`/homework/paper/${detail.homeworkId}`} className={buttonClass()} data-testid="homework-paper">
            {t("homework.startPaper")}
          </Link>
        </p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="space-y-3" data-testid="homework-form">
          <AuthenticityTokenInput name="csrf" />
          <HiddenInput name="idemKey" value={keptIdemKey(posted, idemKey)} />
          <label htmlFor="hw-content" className="block text-sm font-medium">
            {t("homework.answer")}
          </label>
          <Textarea
            id="hw-content"
            name="content"
            required
            maxLength={5000}
            rows={8}
            defaultValue={answer?.content ?? failed?.posted.content ?? detail.submission?.content ?? ""}
          />
          <label htmlFor="hw-file" className="block text-sm font-medium">
            {t("homework.attach")}
          </label>
          <Input id="hw-file" name="file" type="file" className="block" aria-describedby="hw-hint" />
          <p id="hw-hint" className="text-xs text-gray-600">
            {t("upload.hint")}
          </p>
          <FormFailureNotice answer={posted} />
          {error ? (
            <p role="alert" className="text-sm text-red-700" data-testid="homework-error">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {t("homework.submit")}
          </Button>
        </Form>
      )}
      {refusal === null && detail.paper !== 1 ? (
        <section aria-labelledby="hw-video" className="space-y-2">
          <h2 id="hw-video" className="text-lg font-semibold">
            {t("homework.videoTitle")}
          </h2>
          <UploadForm
            answer={answer?.video}
            relay={`/homework/video/${detail.homeworkId}`}
            action={`/homework/${detail.homeworkId}?video`}
            field="video"
            idPrefix="video"
            accept={VIDEO_ACCEPT}
            check={checkVideoNameAndSize}
            label={t("homework.videoLabel")}
            hint={t("homework.videoHint")}
          />
        </section>
      ) : null}
    </div>
  );
}
