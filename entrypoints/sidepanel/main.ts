import { createApp } from 'vue'
import { createPinia } from 'pinia'
import '../../styles/theme.css'
import { keepTypingInView } from '../../styles/keyboard.ts'
import { markTouchScreen } from '../../styles/touch.ts'
import App from './App.vue'

markTouchScreen()
keepTypingInView()
createApp(App).use(createPinia()).mount('#app')
