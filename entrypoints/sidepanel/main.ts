import { createApp } from 'vue'
import { createPinia } from 'pinia'
import '../../styles/theme.css'
import { markTouchScreen } from '../../styles/touch.ts'
import App from './App.vue'

markTouchScreen()
createApp(App).use(createPinia()).mount('#app')
