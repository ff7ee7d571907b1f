/* Политика конфиденциальности Академии: собственный текст, разделы 1–9 (spec 2 §2.16). */
export function PrivacyPolicyText({ supportEmail }: { supportEmail: string }) {
  return (
    <>
      <p className="legal__updated">Редакция от 24 мая 2018 года</p>
      <h2>1. Определения</h2>
      <p>
        <strong>Академия</strong> — онлайн-школа программирования и её сайт, через который оказываются образовательные услуги.{' '}
        <strong>Пользователь</strong> — любое лицо, которое зашло на сайт Академии или зарегистрировалось на нём.{' '}
        <strong>Персональные данные</strong> — любая информация, относящаяся к прямо или косвенно определённому Пользователю.{' '}
        <strong>Обработка</strong> — любое действие с персональными данными: сбор, запись, хранение, уточнение, использование,
        передача, обезличивание, блокирование и удаление.
      </p>
      <h2>2. Общие положения</h2>
      <p>
        Политика действует в отношении всей информации, которую Академия может получить о Пользователе во время использования
        сайта. Пользуясь сайтом, Пользователь соглашается с Политикой. Если Пользователь не согласен с ней, он должен прекратить
        пользоваться сайтом.
      </p>
      <h2>3. Предмет политики</h2>
      <p>Политика определяет, какие данные Академия обрабатывает, зачем и как она их защищает. Академия обрабатывает:</p>
      <ul>
        <li>
          данные, которые Пользователь сообщает сам: фамилию, имя и отчество, контактный телефон, адрес электронной почты, страну
          и город;
        </li>
        <li>
          данные, которые передаются автоматически: IP-адрес, данные файлов cookie, сведения о браузере, время доступа, адрес
          страницы, на которой расположен рекламный блок, и адрес страницы, с которой Пользователь перешёл на сайт.
        </li>
      </ul>
      <h2>4. Цели сбора персональных данных</h2>
      <ul>
        <li>регистрация и вход в личный кабинет, восстановление доступа к нему;</li>
        <li>оказание образовательных услуг: доступ к курсам, проверка решений, связь с ментором и куратором;</li>
        <li>уведомления о занятиях, ревью и изменениях в обучении;</li>
        <li>улучшение качества сайта и курсов, статистика посещений в обезличенном виде.</li>
      </ul>
      <h2>5. Способы и сроки обработки</h2>
      <p>
        Данные обрабатываются с помощью средств автоматизации и без них, хранятся на серверах в Российской Федерации и не
        передаются третьим лицам, кроме случаев, прямо предусмотренных законом. Данные хранятся, пока Пользователь учится в
        Академии, и ещё три года после окончания обучения, если закон не требует иного. Пользователь может отозвать согласие на
        обработку, написав на {supportEmail}; данные будут удалены в течение 30 дней.
      </p>
      <h2>6. Обязательства сторон</h2>
      <p>
        Пользователь обязан сообщать достоверные сведения и обновлять их при изменении. Академия обязана использовать данные
        только для целей из раздела 4, хранить их в тайне, принимать организационные и технические меры защиты от неправомерного
        доступа, а по запросу Пользователя — сообщить, какие его данные обрабатываются, уточнить или удалить их.
      </p>
      <h2>7. Ответственность сторон</h2>
      <p>
        Академия, не исполнившая свои обязательства, отвечает за убытки Пользователя в соответствии с законодательством Российской
        Федерации, кроме случаев, когда данные стали публичными не по её вине, были получены от третьих лиц до передачи Академии
        или были раскрыты с согласия Пользователя.
      </p>
      <h2>8. Разрешение споров</h2>
      <p>
        До обращения в суд обязательно предъявить письменную претензию. Получатель претензии в течение 14 календарных дней со дня
        её получения письменно сообщает о результатах её рассмотрения. Если соглашение не достигнуто, спор передаётся в суд по
        месту нахождения Академии в соответствии с законодательством Российской Федерации.
      </p>
      <h2>9. Дополнительные условия</h2>
      <p>
        Академия вправе изменять Политику без согласия Пользователя. Новая редакция вступает в силу с момента её размещения на
        сайте, если в ней не сказано иное. Предложения и вопросы о Политике направляйте на {supportEmail}.
      </p>
    </>
  );
}

/* The privacy policy in English, sections 1–9, for reading: the Russian text above is the binding one. */
export function PrivacyPolicyTextEn({ supportEmail }: { supportEmail: string }) {
  return (
    <>
      <p className="legal__updated">Version of 24 May 2018</p>
      <h2>1. Definitions</h2>
      <p>
        <strong>The Academy</strong> is the online programming school and its site, through which the educational services are
        provided. <strong>A User</strong> is any person who has visited the Academy&apos;s site or registered on it.{' '}
        <strong>Personal data</strong> is any information relating to a directly or indirectly identified User.{' '}
        <strong>Processing</strong> is any action with personal data: collecting, recording, storing, correcting, using,
        transferring, anonymising, blocking and deleting.
      </p>
      <h2>2. General terms</h2>
      <p>
        The Policy applies to all information the Academy may receive about a User while they use the site. By using the site the
        User agrees to the Policy. A User who does not agree with it must stop using the site.
      </p>
      <h2>3. Subject of the policy</h2>
      <p>The Policy sets out which data the Academy processes, why, and how it protects them. The Academy processes:</p>
      <ul>
        <li>data the User gives themselves: full name, contact phone, e-mail address, country and city;</li>
        <li>
          data sent automatically: the IP address, cookie data, information about the browser, the time of access, the address of
          the page with an ad block and the address of the page from which the User came to the site.
        </li>
      </ul>
      <h2>4. Purposes of collecting personal data</h2>
      <ul>
        <li>registration and sign-in to the personal account, recovering access to it;</li>
        <li>providing the educational services: access to courses, checking solutions, contact with the mentor and curator;</li>
        <li>notices about lessons, reviews and changes in the studies;</li>
        <li>improving the site and the courses, anonymised statistics of visits.</li>
      </ul>
      <h2>5. Methods and periods of processing</h2>
      <p>
        The data are processed with and without automation, stored on servers in the Russian Federation and not passed to third
        parties except where the law expressly requires it. The data are kept while the User studies at the Academy and for three
        years after the end of the studies, unless the law requires otherwise. The User may withdraw the consent to processing by
        writing to {supportEmail}; the data are then deleted within 30 days.
      </p>
      <h2>6. Obligations of the parties</h2>
      <p>
        The User must give true information and update it when it changes. The Academy must use the data only for the purposes of
        section 4, keep them confidential, take organisational and technical measures against unlawful access and, at the
        User&apos;s request, say which of their data it processes, correct or delete them.
      </p>
      <h2>7. Liability of the parties</h2>
      <p>
        The Academy, if it fails its obligations, is liable for the User&apos;s losses under the law of the Russian Federation,
        except where the data became public through no fault of its own, were received from third parties before they were passed
        to the Academy, or were disclosed with the User&apos;s consent.
      </p>
      <h2>8. Resolution of disputes</h2>
      <p>
        Before going to court, a written claim is mandatory. Within 14 calendar days of receiving the claim, its recipient reports
        in writing the result of its consideration. If no agreement is reached, the dispute goes to the court at the location of
        the Academy under the law of the Russian Federation.
      </p>
      <h2>9. Additional terms</h2>
      <p>
        The Academy may change the Policy without the User&apos;s consent. A new version takes effect once it is published on the
        site, unless it says otherwise. Send suggestions and questions about the Policy to {supportEmail}.
      </p>
    </>
  );
}
